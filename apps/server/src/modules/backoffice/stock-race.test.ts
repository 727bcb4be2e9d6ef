import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { insertSite } from '../../platform/testing/fixtures.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { FAST_HASH_ENV } from '../auth/auth.testing.ts'
import { reserve } from '../catalogue/stock.service.ts'
import { productInput, staffMember } from './backoffice.testing.ts'

/**
 * Stock edits never race a checkout: reservations (the checkout's own `reserve`, each in its transaction) run
 * while the owner adds and writes off units; no unit is sold twice, none is lost, the stock never goes below 0;
 * and an edit of a figure that changed underneath is refused (409 stock_changed), not applied.
 */
for (const { engine, skip } of testEngines()) {
  describe(`stock edits against checkouts on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine, FAST_HASH_ENV)
    const db = database.db
    await insertSite(db, { code: 'us', currency: 'USD', languages: ['en', 'de'] })
    await insertSite(db, { code: 'eu', currency: 'EUR', languages: ['de'] })
    const owner = await staffMember(app, db, 'owner')
    const create = async (stock: number) =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/owner/products',
          headers: owner.headers,
          payload: productInput({ stock }),
        })
      ).json().id as string
    const stockOf = async (id: string) =>
      (await app.inject({ url: `/api/owner/products/${id}`, headers: owner.headers })).json().stock as number
    const edit = (id: string, payload: object) =>
      app.inject({ method: 'PUT', url: `/api/owner/products/${id}/stock`, headers: owner.headers, payload })
    const checkout = (id: string) =>
      db
        .transaction()
        .execute(
          async (trx) =>
            (await reserve(trx, [{ productId: id, variantId: null, quantity: 1 }])) === undefined,
        )

    test('deltas and reservations interleaved: sold + left = stocked, never oversold', async () => {
      const id = await create(10)
      const checkouts = Array.from({ length: 30 }, () => checkout(id))
      const edits = [5, -3, 4, -2, 6].map((delta) => edit(id, { delta }))
      const sold = (await Promise.all(checkouts)).filter(Boolean).length
      const answers = await Promise.all(edits)
      const applied = answers.reduce(
        (sum, res, i) => sum + (res.statusCode === 200 ? ([5, -3, 4, -2, 6][i] ?? 0) : 0),
        0,
      )
      for (const res of answers)
        assert.ok(res.statusCode === 200 || res.json().type === 'stock_negative', res.body)
      const left = await stockOf(id)
      assert.ok(left >= 0)
      assert.equal(sold + left, 10 + applied, `sold ${sold}, left ${left}, applied ${applied}`)
    })

    test('a set on a figure a checkout changed is refused with the current figure, then succeeds', async () => {
      const id = await create(8)
      const seen = await stockOf(id)
      assert.ok(await checkout(id))
      const stale = await edit(id, { expected: seen, stock: 20 })
      assert.equal(stale.statusCode, 409, stale.body)
      assert.equal(stale.json().type, 'stock_changed')
      assert.equal(stale.json().details[0].message, '7')
      assert.equal(await stockOf(id), 7)
      const fresh = await edit(id, { expected: 7, stock: 20 })
      assert.equal(fresh.statusCode, 200, fresh.body)
      assert.equal(fresh.json().stock, 20)
    })

    test('sets racing checkouts: each set either applies to the figure it saw or is refused', async () => {
      const id = await create(50)
      let sets = 0
      const owners = (async () => {
        for (let i = 0; i < 10; i++) {
          const seen = await stockOf(id)
          const res = await edit(id, { expected: seen, stock: seen + 10 })
          if (res.statusCode === 200) sets++
          else assert.equal(res.json().type, 'stock_changed', res.body)
        }
      })()
      const sold = (await Promise.all(Array.from({ length: 40 }, () => checkout(id)))).filter(Boolean).length
      await owners
      assert.equal(await stockOf(id), 50 + 10 * sets - sold, `sets ${sets}, sold ${sold}`)
    })

    test('a write-off beyond the stock is refused: 409 stock_negative, nothing changes', async () => {
      const id = await create(2)
      const res = await edit(id, { delta: -3 })
      assert.equal(res.statusCode, 409)
      assert.equal(res.json().type, 'stock_negative')
      assert.equal(await stockOf(id), 2)
      assert.equal((await edit(id, { expected: 2 })).statusCode, 400)
    })
  })
}
