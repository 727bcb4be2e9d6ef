import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { insertSite } from '../../platform/testing/fixtures.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { FAST_HASH_ENV } from '../auth/auth.testing.ts'
import { reserve } from '../catalogue/stock.service.ts'
import { productInput, staffMember } from './backoffice.testing.ts'

type Row = { productId: string; variantId: string | null; code: string; stock: number; prices: unknown[] }

/**
 * The price and stock grid: many rows in one transaction (all or none), and stock edits that race checkouts
 * (the checkout's own `reserve`) never oversell and never lose an update.
 */
for (const { engine, skip } of testEngines()) {
  describe(`price and stock grid on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine, FAST_HASH_ENV)
    const db = database.db
    await insertSite(db, { code: 'us', currency: 'USD', languages: ['en'] })
    await insertSite(db, { code: 'eu', currency: 'EUR', languages: ['de', 'en'] })
    const owner = await staffMember(app, db, 'owner')
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      app.inject({ method, url, headers: owner.headers, ...(payload ? { payload } : {}) })
    const create = async (sku: string, stock: number) => {
      const res = await call('POST', '/api/owner/products', productInput({ sku, stock }))
      assert.equal(res.statusCode, 201, res.body)
      return res.json().id as string
    }
    const rowsOf = async (q: string) => {
      const res = await call('GET', `/api/owner/price-grid?q=${q}&pageSize=100`)
      assert.equal(res.statusCode, 200, res.body)
      return res.json().rows as Row[]
    }
    const save = (rows: object[]) => call('PUT', '/api/owner/price-grid', { rows })
    const checkout = (productId: string, variantId: string | null) =>
      db
        .transaction()
        .execute(async (trx) => (await reserve(trx, [{ productId, variantId, quantity: 1 }])) === undefined)

    test('rows of products and variants; one save sets prices and stock of many; the shopper sees it', async () => {
      const plain = await create('GRID-PLAIN', 4)
      const shirt = await create('GRID-SHIRT', 0)
      await call('PUT', `/api/owner/products/${shirt}/options`, {
        options: [{ key: 'size', values: ['S', 'M'] }],
      })
      const rows = await rowsOf('GRID-')
      assert.deepEqual(
        rows.map((r) => r.code),
        ['GRID-PLAIN', 'GRID-SHIRT-S', 'GRID-SHIRT-M'],
      )
      const [, s, m] = rows as [Row, Row, Row]
      const res = await save([
        {
          productId: plain,
          prices: [{ currency: 'USD', effectiveMinor: 999, originalMinor: 1299 }],
          stock: { expected: 4, stock: 10 },
        },
        {
          productId: shirt,
          variantId: s.variantId,
          prices: [
            { currency: 'USD', effectiveMinor: 2000, originalMinor: 2000 },
            { currency: 'EUR', effectiveMinor: 1900, originalMinor: 1900 },
          ],
          stock: { delta: 3 },
        },
        { productId: shirt, variantId: m.variantId, stock: { expected: 0, stock: 6 } },
      ])
      assert.equal(res.statusCode, 200, res.body)
      const after = await rowsOf('GRID-')
      assert.deepEqual(
        after.map((r) => r.stock),
        [10, 3, 6],
      )
      // EUR of the plain product was left out of the save: it stays.
      assert.equal(after[0]?.prices.length, 2)
      const page = await app.inject({
        url: `/api/catalogue/products/${plain}?expand=prices`,
        headers: { 'site-code': 'us' },
      })
      assert.equal(page.json().prices[0].effectiveAmount, 9.99)
      assert.equal(page.json().prices[0].originalAmount, 12.99)
      const variant = await app.inject({
        url: `/api/catalogue/products/${shirt}/variants/${s.variantId}`,
        headers: { 'site-code': 'us' },
      })
      assert.equal(variant.json().inStock, true)
    })

    test('all or none: a stale row refuses the whole save with 409 naming it; bad rows are 400', async () => {
      const a = await create('ALL-A', 5)
      const b = await create('ALL-B', 5)
      assert.ok(await checkout(b, null))
      const res = await save([
        {
          productId: a,
          stock: { expected: 5, stock: 50 },
          prices: [{ currency: 'USD', effectiveMinor: 1, originalMinor: 1 }],
        },
        { productId: b, stock: { expected: 5, stock: 50 } },
      ])
      assert.equal(res.statusCode, 409, res.body)
      assert.equal(res.json().type, 'stock_changed')
      assert.deepEqual(
        res.json().details.map((d: { field: string }) => d.field),
        ['body.rows.1.stock'],
      )
      assert.equal(res.json().details[0].message, '4')
      const rows = await rowsOf('ALL-')
      assert.deepEqual(
        rows.map((r) => r.stock),
        [5, 4],
      )
      assert.ok(!JSON.stringify(rows[0]?.prices).includes('"effectiveMinor":1,'))
      const unknownCurrency = await save([
        { productId: a, prices: [{ currency: 'JPY', effectiveMinor: 1, originalMinor: 1 }] },
      ])
      assert.equal(unknownCurrency.statusCode, 400)
      assert.equal(unknownCurrency.json().details[0].field, 'body.rows.0.prices.0.currency')
      const twice = await save([{ productId: a }, { productId: a }])
      assert.equal(twice.statusCode, 400)
      assert.equal((await save([{ productId: 'nope' }])).statusCode, 404)
    })

    test('grid saves racing checkouts: never oversold, no update lost', async () => {
      const ids = [await create('RACE-A', 20), await create('RACE-B', 20)]
      const shirt = await create('RACE-SHIRT', 0)
      const variants = (
        await call('PUT', `/api/owner/products/${shirt}/options`, {
          options: [{ key: 'size', values: ['S'] }],
        })
      ).json().variants as Array<{ id: string }>
      const variantId = (variants[0] as { id: string }).id
      await save([{ productId: shirt, variantId, stock: { delta: 20 } }])
      const lines: Array<[string, string | null]> = [
        [ids[0] as string, null],
        [ids[1] as string, null],
        [shirt, variantId],
      ]
      const deltas = [7, -4, 5, 3, -2, 6]
      const checkouts = Array.from({ length: 75 }, (_, i) =>
        checkout(...(lines[i % 3] as [string, string | null])),
      )
      const grids = deltas.map((delta) =>
        save(lines.map(([productId, v]) => ({ productId, variantId: v, stock: { delta } }))),
      )
      // Compare-and-set saves on what the staff member saw: each applies to that figure or is refused.
      let sets = 0
      const setter = (async () => {
        for (let i = 0; i < 5; i++) {
          const seen = (await rowsOf('RACE-A'))[0] as Row
          const res = await save([
            { productId: seen.productId, stock: { expected: seen.stock, stock: seen.stock + 10 } },
          ])
          if (res.statusCode === 200) sets++
          else assert.equal(res.json().type, 'stock_changed', res.body)
        }
      })()
      const sold = await Promise.all(checkouts)
      const answers = await Promise.all(grids)
      await setter
      const applied = answers.reduce((sum, res, i) => {
        if (res.statusCode !== 200) assert.equal(res.json().type, 'stock_changed', res.body)
        return sum + (res.statusCode === 200 ? (deltas[i] ?? 0) : 0)
      }, 0)
      const rows = await rowsOf('RACE-')
      for (const [index, [productId, v]] of lines.entries()) {
        const row = rows.find((r) => r.productId === productId && r.variantId === v) as Row
        const soldHere = sold.filter((ok, i) => ok && i % 3 === index).length
        const setsHere = index === 0 ? 10 * sets : 0
        assert.ok(row.stock >= 0)
        assert.equal(row.stock, 20 + applied + setsHere - soldHere, `${row.code}: sold ${soldHere}`)
      }
    })
  })
}
