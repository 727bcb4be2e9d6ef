import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { brotliDecompressSync } from 'node:zlib'
import { TOTAL_COUNT_HEADER } from '@shop/contracts/common'
import { sql } from 'kysely'
import { insertPrice, insertProduct, insertProductText, insertSite } from '../../platform/testing/fixtures.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { invalidateCatalogue, release, reserve } from './stock.service.ts'

/** The public catalogue reads from the answer cache (docs/decisions/0030-catalogue-answer-cache.md). */
for (const { engine, skip } of testEngines()) {
  describe(`catalogue answer cache on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine)
    const db = database.db
    await insertSite(db, { code: 'us', currency: 'USD', languages: ['en', 'de'] })
    await insertSite(db, { code: 'eu', currency: 'EUR', languages: ['de', 'en'] })
    await insertProduct(db, {
      id: 'mug',
      name: 'Mug',
      stock: 7,
      prices: { USD: { effective: 1200 }, EUR: { effective: 1100 } },
    })
    await insertProductText(db, 'mug', 'de', 'Tasse')
    await insertProduct(db, { id: 'jar', name: 'Jar', stock: 3, prices: { USD: { effective: 500 } } })

    const get = (url: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url, headers: { 'site-code': 'us', ...headers } })
    const stockOf = async (headers: Record<string, string> = {}) =>
      (await get('/api/catalogue/products/mug', headers)).json().inStock
    const priceOf = async (headers: Record<string, string> = {}) =>
      (await get('/api/catalogue/products/mug?expand=prices', headers)).json().prices[0]?.effectiveAmount

    const reads = [
      '/api/catalogue/products?pageSize=15&expand=prices&q=published:true',
      '/api/catalogue/products?pageSize=1&pageNumber=2&sort=name.en',
      '/api/catalogue/products/mug?expand=prices,slugs,variants',
      '/api/catalogue/products/mug/variants',
      '/api/catalogue/categories',
      '/api/price/prices?currency=USD&productId=mug,jar',
    ]

    test('a cached answer is the uncached one, byte for byte, with the same headers', async () => {
      await invalidateCatalogue(db)
      for (const url of reads) {
        const first = await get(url)
        const second = await get(url)
        assert.equal(first.statusCode, 200, `${url}: ${first.body}`)
        assert.equal(second.statusCode, 200)
        assert.equal(second.body, first.body, url)
        assert.equal(second.headers['content-type'], first.headers['content-type'], url)
        assert.equal(second.headers[TOTAL_COUNT_HEADER], first.headers[TOTAL_COUNT_HEADER], url)
        assert.equal(second.headers['content-length'], first.headers['content-length'], url)
      }
      const list = await get(reads[0] ?? '')
      assert.equal(list.headers[TOTAL_COUNT_HEADER], '2')
    })

    test('sites, languages and currencies never share an answer', async () => {
      const url = '/api/catalogue/products/mug?expand=prices'
      for (let round = 0; round < 2; round++) {
        const us = (await get(url)).json()
        const eu = (await get(url, { 'site-code': 'eu' })).json()
        const de = (await get(url, { 'accept-language': 'de' })).json()
        const eur = (await get(url, { currency: 'EUR' })).json()
        assert.equal(us.name, 'Mug')
        assert.equal(us.prices[0].currency, 'USD')
        assert.equal((await get(url, { 'site-code': 'eu', 'accept-language': 'de' })).json().name, 'Tasse')
        assert.equal(eu.prices[0].currency, 'EUR')
        assert.equal(de.name, 'Tasse')
        assert.equal(de.prices[0].currency, 'USD')
        assert.equal(eur.prices[0].currency, 'EUR')
      }
    })

    test('after a stock reservation the next read shows the new stock', async () => {
      assert.equal(await stockOf(), true)
      assert.equal(await stockOf(), true)
      await db.transaction().execute(async (trx) => {
        assert.equal(await reserve(trx, [{ productId: 'mug', variantId: null, quantity: 7 }]), undefined)
      })
      assert.equal(await stockOf(), false)
    })

    test('only the last unit reserved, or units back where there were none, make the answers old', async () => {
      await insertProduct(db, { id: 'pot', name: 'Pot', stock: 3 })
      const version = async () =>
        Number(
          (
            await sql<{
              version: number
            }>`select version from cache_versions where scope = 'catalogue'`.execute(db)
          ).rows[0]?.version ?? 0,
        )
      const potInStock = async () => (await get('/api/catalogue/products/pot')).json().inStock
      const line = (quantity: number) => [{ productId: 'pot', variantId: null, quantity }]
      const inTransaction = (write: (trx: typeof db) => Promise<unknown>) => db.transaction().execute(write)
      const start = await version()
      assert.equal(await potInStock(), true)
      await inTransaction((trx) => reserve(trx, line(2)))
      assert.equal(await version(), start, 'one unit left: in stock as before, every answer still true')
      assert.equal(await potInStock(), true)
      await inTransaction((trx) => reserve(trx, line(1)))
      assert.equal(await version(), start + 1, 'the last unit: sold out')
      assert.equal(await potInStock(), false)
      await inTransaction((trx) => release(trx, line(1)))
      assert.equal(await version(), start + 2, 'back in stock')
      assert.equal(await potInStock(), true)
      await inTransaction((trx) => release(trx, line(1)))
      assert.equal(await version(), start + 2, 'more of what is in stock')
    })

    test('a reservation that rolls back leaves the cached answers current', async () => {
      const before = await stockOf()
      await assert.rejects(
        db.transaction().execute(async (trx) => {
          await release(trx, [{ productId: 'mug', variantId: null, quantity: 1 }])
          throw new Error('payment refused')
        }),
      )
      assert.equal(await stockOf(), before)
    })

    test('after a price change with the invalidate call the next read shows the new price', async () => {
      assert.equal(await priceOf(), 12)
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('prices')
          .set({ effective_minor: 999 })
          .where('product_id', '=', 'mug')
          .execute()
        await invalidateCatalogue(trx)
      })
      assert.equal(await priceOf(), 9.99)
      const prices = (await get('/api/price/prices?currency=USD&productId=mug,jar')).json()
      const mug = (prices as Array<{ productId: string; effectiveAmount: number }>).find(
        (p) => p.productId === 'mug',
      )
      assert.equal(mug?.effectiveAmount, 9.99)
    })

    test('answers are cached: a write without the invalidate call is not seen (so every write must make it)', async () => {
      assert.equal(await stockOf(), false)
      await db.updateTable('products').set({ stock: 42 }).where('id', '=', 'mug').execute()
      assert.equal(await stockOf(), false)
      await invalidateCatalogue(db)
      assert.equal(await stockOf(), true)
    })

    test('an answer sent compressed (br) is cached and served like any other', async () => {
      for (let i = 0; i < 12; i++) {
        await insertProduct(db, { id: `big-${i}`, name: `A long product name to pass the threshold ${i}` })
      }
      const url = '/api/catalogue/products?pageSize=15&sort=name.en'
      const read = async () => {
        const res = await get(url, { 'accept-encoding': 'br' })
        assert.equal(res.headers['content-encoding'], 'br', 'big enough to be compressed')
        return JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8')) as Array<{ name: string }>
      }
      const before = await read()
      await db
        .updateTable('product_texts')
        .set({ name: 'Renamed' })
        .where('product_id', '=', 'big-0')
        .execute()
      assert.deepEqual(
        await read(),
        before,
        'the compressed miss was kept, so the hit does not see the write',
      )
      await invalidateCatalogue(db)
      assert.notDeepEqual(await read(), before)
    })

    test('an answer with prices is old when a price starts or stops being valid', async () => {
      const soon = new Date(Date.now() + 1500).toISOString()
      await insertPrice(db, { productId: 'jar', effective: 450, validUntil: soon })
      const url = '/api/catalogue/products/jar?expand=prices'
      const amounts = async () =>
        ((await get(url)).json().prices as Array<{ effectiveAmount: number }>).map((p) => p.effectiveAmount)
      assert.deepEqual((await amounts()).sort(), [4.5, 5])
      assert.deepEqual((await amounts()).sort(), [4.5, 5])
      await new Promise((resolve) => setTimeout(resolve, 1600))
      assert.deepEqual(await amounts(), [5])
    })
  })
}
