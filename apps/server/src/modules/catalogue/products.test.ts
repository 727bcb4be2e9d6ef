import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Product } from '@shop/contracts/catalogue'
import {
  insertCategory,
  insertPrice,
  insertProduct,
  insertProductText,
  insertSite,
} from '../../platform/testing/fixtures.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'

const names = (products: Product[]) => products.map((p) => p.name)

for (const { engine, skip } of testEngines()) {
  describe(`product API on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine)
    const db = database.db
    await insertSite(db, { code: 'default', languages: ['en', 'de'] })
    const root = await insertCategory(db, { id: 'c-root', name: 'Clothing' })
    const shirts = await insertCategory(db, { id: 'c-shirts', name: 'Shirts', parentId: root })
    const tees = await insertCategory(db, { id: 'c-tees', name: 'Tees', parentId: shirts })
    await insertProduct(db, {
      id: 'apple',
      name: 'Apple Mug',
      prices: { USD: { effective: 1299, original: 1599 }, EUR: { effective: 1100 } },
      categoryIds: [root],
    })
    await insertProductText(db, 'apple', 'de', 'Tasse Apfel', 'Eine Tasse.')
    await insertProduct(db, { id: 'banana', name: 'Banana Bag', stock: 0, categoryIds: [shirts] })
    await insertProduct(db, {
      id: 'cherry',
      name: 'Cherry Tee',
      stock: 0,
      categoryIds: [tees],
      variants: [
        { id: 'red-s', options: { colour: 'Red', size: 'S' }, stock: 0, prices: { USD: 2000 } },
        { id: 'red-m', options: { colour: 'Red', size: 'M' }, stock: 0, prices: { USD: 1500 } },
        { id: 'blue-m', options: { colour: 'Blue', size: 'M' }, stock: 3 },
      ],
    })
    await insertPrice(db, { productId: 'cherry', variantId: 'blue-m', effective: 1500, original: 1800 })
    await insertProduct(db, { id: 'date', name: 'date cake' })
    await insertProduct(db, { id: 'hidden', name: 'Aaa hidden' })
    await db.updateTable('products').set({ published: 0 }).where('id', '=', 'hidden').execute()
    for (const [id, day] of [
      ['apple', 1],
      ['banana', 4],
      ['cherry', 2],
      ['date', 3],
    ] as const) {
      await db
        .updateTable('products')
        .set({ created_at: `2026-01-0${day}T00:00:00.000Z` })
        .where('id', '=', id)
        .execute()
    }

    const list = async (query: string, headers: Record<string, string> = {}) => {
      const res = await app.inject({ url: `/api/catalogue/products?${query}`, headers })
      assert.equal(res.statusCode, 200, res.body)
      return { products: res.json() as Product[], total: Number(res.headers['x-total-count']) }
    }

    test('lists published products by name with the total in a header', async () => {
      const { products, total } = await list('')
      assert.deepEqual(names(products), ['Apple Mug', 'Banana Bag', 'Cherry Tee', 'date cake'])
      assert.equal(total, 4)
    })

    test('pages from 1', async () => {
      assert.deepEqual(names((await list('pageNumber=2&pageSize=2')).products), ['Cherry Tee', 'date cake'])
      const beyond = await list('pageNumber=5&pageSize=2')
      assert.deepEqual(beyond.products, [])
      assert.equal(beyond.total, 4)
    })

    test('sorts by name descending and by newest', async () => {
      assert.deepEqual(names((await list('sort=name.en:desc')).products), [
        'date cake',
        'Cherry Tee',
        'Banana Bag',
        'Apple Mug',
      ])
      const newest = await list('sort=metadata.createdAt:desc')
      assert.deepEqual(
        newest.products.map((p) => p.id),
        ['banana', 'date', 'cherry', 'apple'],
      )
    })

    test('localizes names with an English fallback and sorts in the request language', async () => {
      const { products } = await list('', { 'accept-language': 'de;q=1,en;q=0.5' })
      assert.deepEqual(names(products), ['Banana Bag', 'Cherry Tee', 'date cake', 'Tasse Apfel'])
      assert.equal(products[3]?.description, 'Eine Tasse.')
      const fr = await list('', { 'accept-language': 'fr' })
      assert.equal(fr.products[0]?.name, 'Apple Mug')
    })

    test('filters by ids, categories (with subcategories) and name', async () => {
      const byId = await list(`q=${encodeURIComponent('published:true id:(apple,"cherry",hidden)')}`)
      assert.deepEqual(names(byId.products), ['Apple Mug', 'Cherry Tee'])
      assert.equal(byId.total, 2)
      assert.deepEqual(names((await list('q=category:c-shirts')).products), ['Banana Bag', 'Cherry Tee'])
      assert.equal((await list('q=category:c-root')).total, 3)
      assert.equal((await list('q=category:unknown')).total, 0)
      assert.deepEqual(names((await list(`q=${encodeURIComponent('name:"TEE"')}`)).products), ['Cherry Tee'])
    })

    test('embeds prices and variant price ranges in the request currency', async () => {
      const { products } = await list('expand=prices')
      const [apple, , cherry, date] = products
      assert.deepEqual(
        apple?.prices?.map((p) => [p.effectiveAmount, p.originalAmount, p.currency]),
        [[12.99, 15.99, 'USD']],
      )
      assert.equal(apple?.priceRange, undefined)
      assert.equal(cherry?.prices, undefined)
      assert.equal(cherry?.priceRange?.minPrice.variantId, 'blue-m')
      assert.equal(cherry?.priceRange?.minPrice.originalAmount, 18)
      assert.equal(cherry?.priceRange?.maxPrice.effectiveAmount, 20)
      assert.equal(cherry?.priceRange?.singlePrice, false)
      assert.equal(date?.prices?.length, 1)
      const eur = await list('expand=prices', { currency: 'EUR' })
      assert.deepEqual(
        eur.products[0]?.prices?.map((p) => p.effectiveAmount),
        [11],
      )
      assert.deepEqual(eur.products[1]?.prices, [])
    })

    test('rejects malformed list requests with 400 details', async () => {
      for (const [query, field] of [
        ['pageSize=201', 'querystring.pageSize'],
        ['pageSize=0', 'querystring.pageSize'],
        ['pageNumber=0', 'querystring.pageNumber'],
        ['pageSize=ten', 'querystring.pageSize'],
        ['sort=price', 'querystring.sort'],
        ['q=foo:bar', 'querystring.q'],
        ['q=published:false', 'querystring.q'],
        [`q=${encodeURIComponent('id:(a b')}`, 'querystring.q'],
        ['q=nonsense', 'querystring.q'],
        ['expand=everything', 'querystring.expand'],
      ]) {
        const res = await app.inject({ url: `/api/catalogue/products?${query}` })
        assert.equal(res.statusCode, 400, query)
        const body = res.json()
        assert.equal(body.type, 'validation_failed')
        assert.equal(body.details[0].field, field, query)
      }
      const badCurrency = await app.inject({
        url: '/api/catalogue/products',
        headers: { currency: 'dollars' },
      })
      assert.equal(badCurrency.statusCode, 400)
      assert.equal(badCurrency.json().details[0].field, 'headers.currency')
    })

    test('answers one product with options, categories, stock and mixins', async () => {
      const res = await app.inject({ url: '/api/catalogue/products/cherry' })
      assert.equal(res.statusCode, 200)
      const cherry = res.json() as Product
      assert.equal(cherry.yrn, 'urn:yaas:hybris:product:product:shop;cherry')
      assert.deepEqual(cherry.categories, ['c-tees'])
      assert.equal(cherry.hasVariants, true)
      assert.equal(cherry.isBuyable, false)
      assert.equal(cherry.inStock, true)
      assert.deepEqual(cherry.mixins.inventory, { inStock: true })
      assert.deepEqual(cherry.metadata.variants?.options, [
        {
          optionKey: 'colour',
          attributeKey: 'value',
          attributes: [
            { value: 'Red', variantIds: ['red-s', 'red-m'] },
            { value: 'Blue', variantIds: ['blue-m'] },
          ],
        },
        {
          optionKey: 'size',
          attributeKey: 'value',
          attributes: [
            { value: 'S', variantIds: ['red-s'] },
            { value: 'M', variantIds: ['red-m', 'blue-m'] },
          ],
        },
      ])
      const banana = (await app.inject({ url: '/api/catalogue/products/banana' })).json() as Product
      assert.equal(banana.inStock, false)
      assert.equal(banana.isBuyable, true)
      assert.equal(banana.metadata.variants, undefined)
    })

    test('answers variants of a product', async () => {
      const res = await app.inject({ url: '/api/catalogue/products/cherry/variants' })
      assert.equal(res.statusCode, 200)
      assert.deepEqual(
        res
          .json()
          .map((v: { id: string; default: boolean; inStock: boolean }) => [v.id, v.default, v.inStock]),
        [
          ['red-s', true, false],
          ['red-m', false, false],
          ['blue-m', false, true],
        ],
      )
      const one = await app.inject({ url: '/api/catalogue/products/cherry/variants/blue-m' })
      assert.equal(one.statusCode, 200)
      assert.deepEqual(one.json().options, { colour: { value: 'Blue' }, size: { value: 'M' } })
      assert.equal(one.json().yrn, 'urn:yaas:hybris:product:product-variant:shop;cherry;blue-m')
      assert.equal(one.json().name, 'Cherry Tee Blue M')
    })

    test('answers 404 for unknown or unpublished products and variants, 400 for malformed ids', async () => {
      for (const url of [
        '/api/catalogue/products/nope',
        '/api/catalogue/products/hidden',
        '/api/catalogue/products/nope/variants',
        '/api/catalogue/products/cherry/variants/nope',
        '/api/catalogue/products/apple/variants/blue-m',
      ]) {
        const res = await app.inject({ url })
        assert.equal(res.statusCode, 404, url)
        assert.equal(res.json().type, 'not_found')
      }
      const bad = await app.inject({ url: '/api/catalogue/products/a%20b' })
      assert.equal(bad.statusCode, 400)
      assert.equal(bad.json().details[0].field, 'params.productId')
    })
  })
}
