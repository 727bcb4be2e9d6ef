import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { productYrn } from '@shop/contracts/yrn'
import { insertSite } from '../../platform/testing/fixtures.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { FAST_HASH_ENV } from '../auth/auth.testing.ts'
import { addItem, anonymousToken, createCart, getCart } from '../cart/cart.testing.ts'
import { placeOrder, readyToOrder, shopWithProduct } from '../checkout/checkout.testing.ts'
import { productInput, staffMember } from './backoffice.testing.ts'

type Variant = { id: string; code: string; options: Record<string, string>; default: boolean; stock: number }

/** Options, variants and commerce terms through HTTP, and what the shopper's calls show at once after each. */
for (const { engine, skip } of testEngines()) {
  describe(`back-office variants on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine, FAST_HASH_ENV)
    const db = database.db
    await insertSite(db, { code: 'us', currency: 'USD', languages: ['en'] })
    await insertSite(db, { code: 'eu', currency: 'EUR', languages: ['de', 'en'] })
    const staff = await staffMember(app, db, 'catalogue')
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      app.inject({ method, url, headers: staff.headers, ...(payload ? { payload } : {}) })
    const shop = (url: string, site = 'us') => app.inject({ url, headers: { 'site-code': site } })
    const create = async (sku: string) => {
      const res = await call('POST', '/api/owner/products', productInput({ sku }))
      assert.equal(res.statusCode, 201, res.body)
      return res.json().id as string
    }
    const options = (id: string, list: Array<{ key: string; values: string[] }>) =>
      call('PUT', `/api/owner/products/${id}/options`, { options: list })
    const colourSize = [
      { key: 'colour', values: ['Red', 'Blue'] },
      { key: 'size', values: ['S', 'M'] },
    ]
    const edit = (id: string, v: Variant, over: Record<string, unknown> = {}) =>
      call('PUT', `/api/owner/products/${id}/variants/${v.id}`, {
        code: v.code,
        texts: [],
        options: v.options,
        default: v.default,
        media: [],
        prices: [],
        ...over,
      })

    test('2 keys × 2 values make 4 variants the shopper sees at once; regenerating keeps survivors', async () => {
      const id = await create('TEE')
      const res = await options(id, colourSize)
      assert.equal(res.statusCode, 200, res.body)
      const variants = res.json().variants as Variant[]
      assert.deepEqual(
        variants.map((v) => v.code),
        ['TEE-RED-S', 'TEE-RED-M', 'TEE-BLUE-S', 'TEE-BLUE-M'],
      )
      assert.equal(variants.filter((v) => v.default).length, 1)
      const page = (await shop(`/api/catalogue/products/${id}`)).json()
      assert.equal(page.hasVariants, true)
      const shown = page.metadata.variants.options as Array<{ optionKey: string; attributes: unknown[] }>
      assert.deepEqual(
        shown.map((o) => [o.optionKey, o.attributes.length]),
        [
          ['colour', 2],
          ['size', 2],
        ],
      )
      const listed = (await shop(`/api/catalogue/products/${id}/variants`)).json() as Variant[]
      assert.equal(listed.length, 4)

      const red = variants[0] as Variant
      await call('PUT', `/api/owner/products/${id}/variants/${red.id}/stock`, { expected: 0, stock: 7 })
      const again = await options(id, [
        { key: 'colour', values: ['Red', 'Green'] },
        { key: 'size', values: ['S', 'M'] },
      ])
      assert.equal(again.statusCode, 200, again.body)
      const next = again.json().variants as Variant[]
      assert.equal(next.length, 4)
      const keptRed = next.find((v) => v.options.colour === 'Red' && v.options.size === 'S')
      assert.equal(keptRed?.id, red.id)
      assert.equal(keptRed?.stock, 7)
      assert.ok(!next.some((v) => v.options.colour === 'Blue'))
      assert.equal((await shop(`/api/catalogue/products/${id}/variants`)).json().length, 4)
    })

    test('each validation error is a 400 naming the field; nothing is written', async () => {
      const id = await create('VAL')
      const expectField = async (list: Array<{ key: string; values: string[] }>, field: string) => {
        const res = await options(id, list)
        assert.equal(res.statusCode, 400, res.body)
        assert.ok(
          res.json().details.some((d: { field: string }) => d.field === field),
          `${field} in ${res.body}`,
        )
      }
      await expectField([{ key: ' ', values: ['A'] }], 'body.options.0.key')
      await expectField([{ key: 'size', values: ['S', ''] }], 'body.options.0.values.1')
      await expectField([{ key: 'size', values: ['S', 's'] }], 'body.options.0.values.1')
      await expectField(
        [
          { key: 'size', values: ['S'] },
          { key: 'Size', values: ['M'] },
        ],
        'body.options.1.key',
      )
      assert.equal((await call('GET', `/api/owner/products/${id}/variants`)).json().variants.length, 0)

      const variants = (await options(id, colourSize)).json().variants as Variant[]
      const [a, b] = variants as [Variant, Variant]
      const twin = await edit(id, a, { options: b.options })
      assert.equal(twin.statusCode, 400)
      assert.equal(twin.json().details[0].field, 'body.options')
      const missing = await edit(id, a, { options: { colour: 'Red' } })
      assert.equal(missing.statusCode, 400)
      assert.equal(missing.json().details[0].field, 'body.options.size')
      const unknown = await edit(id, a, { options: { colour: 'Pink', size: 'S' } })
      assert.equal(unknown.statusCode, 400)
      const taken = await edit(id, a, { code: b.code })
      assert.equal(taken.statusCode, 409)
      assert.equal(taken.json().type, 'sku_taken')
      const productSku = await edit(id, a, { code: 'VAL' })
      assert.equal(productSku.statusCode, 409)
    })

    test('a variant edit: code, names, default (exactly one), prices the shopper pays', async () => {
      const id = await create('EDIT')
      const variants = (await options(id, colourSize)).json().variants as Variant[]
      const last = variants[3] as Variant
      const res = await edit(id, last, {
        code: 'EDIT-BLUE-MEDIUM',
        texts: [{ language: 'en', name: 'Blue tee, medium' }],
        default: true,
        prices: [
          { currency: 'USD', effectiveMinor: 1500, originalMinor: 2000 },
          { currency: 'EUR', effectiveMinor: 1400, originalMinor: 1400 },
        ],
      })
      assert.equal(res.statusCode, 200, res.body)
      const after = res.json().variants as Variant[]
      assert.deepEqual(
        after.filter((v) => v.default).map((v) => v.id),
        [last.id],
      )
      const seen = (await shop(`/api/catalogue/products/${id}/variants/${last.id}`)).json()
      assert.equal(seen.code, 'EDIT-BLUE-MEDIUM')
      assert.equal(seen.name, 'Blue tee, medium')
      assert.equal(seen.default, true)
      await call('PUT', `/api/owner/products/${id}/variants/${last.id}/stock`, { delta: 3 })
      const token = await anonymousToken(app)
      const cartId = await createCart(app, token, 'us')
      await addItem(app, token, cartId, { itemYrn: productYrn(id, last.id), quantity: 2 })
      const cart = await getCart(app, token, cartId)
      assert.equal(
        cart.items[0].price.effectiveAmount ?? cart.items[0].price.amount,
        15,
        JSON.stringify(cart),
      )
    })

    test('measurement unit, tax code per site and per-item fees reach the shopper', async () => {
      const id = await create('COFFEE')
      const bad = await call('PUT', `/api/owner/products/${id}/commerce`, {
        unit: null,
        taxCodes: { nowhere: 'reduced' },
        fees: [],
      })
      assert.equal(bad.statusCode, 400)
      assert.equal(bad.json().details[0].field, 'body.taxCodes.nowhere')
      const res = await call('PUT', `/api/owner/products/${id}/commerce`, {
        unit: { code: 'kg', quantity: 1 },
        taxCodes: { eu: 'reduced' },
        fees: [
          { siteCode: 'us', name: 'Deposit', type: 'ABSOLUTE', amountMinor: 150 },
          { siteCode: 'us', name: 'Bag', type: 'ABSOLUTE_MULTIPLY_ITEMQUANTITY', amountMinor: 25 },
        ],
      })
      assert.equal(res.statusCode, 200, res.body)
      assert.deepEqual(res.json().unit, { code: 'kg', quantity: 1 })
      const us = (await shop(`/api/catalogue/products/${id}?expand=prices`)).json()
      assert.deepEqual(us.prices[0].measurementUnit, { unitCode: 'kg', quantity: 1 })
      const eu = (await shop(`/api/catalogue/products/${id}`, 'eu')).json()
      assert.deepEqual(eu.mixins.taxCodes, { eu: 'reduced' })
      const token = await anonymousToken(app)
      const cartId = await createCart(app, token, 'us')
      await addItem(app, token, cartId, { itemYrn: productYrn(id), quantity: 4 })
      assert.equal((await getCart(app, token, cartId)).totalFees.amount, 2.5) // 1.50 + 4 × 0.25
      // A product edit keeps the unit on its new price rows.
      await call('PUT', `/api/owner/products/${id}`, { ...productInput({ sku: 'COFFEE' }), stock: undefined })
      const kept = (await shop(`/api/catalogue/products/${id}?expand=prices`)).json()
      assert.deepEqual(kept.prices[0].measurementUnit, { unitCode: 'kg', quantity: 1 })
    })

    test('dropped values take their variants out of carts; no options leave a product without variants', async () => {
      const id = await create('DROP')
      const variants = (await options(id, [{ key: 'size', values: ['S', 'M'] }])).json().variants as Variant[]
      const m = variants[1] as Variant
      await call('PUT', `/api/owner/products/${id}/variants/${m.id}`, {
        code: m.code,
        texts: [],
        options: m.options,
        default: false,
        media: [],
        prices: [{ currency: 'USD', effectiveMinor: 900, originalMinor: 900 }],
      })
      await call('PUT', `/api/owner/products/${id}/variants/${m.id}/stock`, { delta: 5 })
      const token = await anonymousToken(app)
      const cartId = await createCart(app, token, 'us')
      await addItem(app, token, cartId, { itemYrn: productYrn(id, m.id), quantity: 1 })
      const res = await options(id, [{ key: 'size', values: ['S'] }])
      assert.equal(res.statusCode, 200, res.body)
      assert.equal((await getCart(app, token, cartId)).items.length, 0)
      const none = await options(id, [])
      assert.equal(none.statusCode, 200, none.body)
      assert.equal((await shop(`/api/catalogue/products/${id}`)).json().hasVariants, false)
    })

    test('options that would drop a variant an order holds: 409 variant_ordered, nothing changes', async () => {
      const ordered = await shopWithProduct(db)
      const ready = await readyToOrder(app, ordered, { quantity: 1 })
      assert.equal((await placeOrder(app, ready.token, ready.body)).statusCode, 201)
      const id = ordered.productId
      const variants = (await options(id, [{ key: 'size', values: ['S', 'M'] }])).json().variants as Variant[]
      // The order's line as it would be had the shopper bought size M.
      await db
        .updateTable('order_entries')
        .set({ variant_id: (variants[1] as Variant).id })
        .where('product_id', '=', id)
        .execute()
      const res = await options(id, [{ key: 'size', values: ['S'] }])
      assert.equal(res.statusCode, 409, res.body)
      assert.equal(res.json().type, 'variant_ordered')
      assert.equal((await call('GET', `/api/owner/products/${id}/variants`)).json().variants.length, 2)
      const kept = await options(id, [{ key: 'size', values: ['S', 'M', 'L'] }])
      assert.equal(kept.statusCode, 200, kept.body)
    })
  })
}
