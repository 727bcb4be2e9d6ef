import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { FAST_HASH_ENV, signupCustomer } from '../auth/auth.testing.ts'
import { placeOrder, readyToOrder, shopWithProduct } from '../checkout/checkout.testing.ts'
import { setRole } from '../customer/customer.service.ts'
import { ownerMove } from '../order/order.testing.ts'
import { aovOf, daysOf } from './dashboard.service.ts'

test('the period’s days and the average order value', () => {
  assert.deepEqual(daysOf('2026-02-27', '2026-03-02'), [
    '2026-02-27',
    '2026-02-28',
    '2026-03-01',
    '2026-03-02',
  ])
  assert.deepEqual(daysOf('2026-03-01', '2026-03-01'), ['2026-03-01'])
  assert.equal(aovOf(1001, 2), 501)
  assert.equal(aovOf(0, 0), 0)
})

/** The owner's dashboard (docs/decisions/0069-dashboard.md) against orders placed through the checkout. */
for (const { engine, skip } of testEngines()) {
  describe(`dashboard on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine, FAST_HASH_ENV)
    const db = database.db
    const shop = await shopWithProduct(db)
    await db.updateTable('products').set({ stock: 7 }).where('id', '=', shop.productId).execute()
    const owner = await signupCustomer(app)
    assert.ok(await setRole(db, owner.email, 'owner'))
    const clerk = await signupCustomer(app)
    assert.ok(await setRole(db, clerk.email, 'orders'))
    const placed: Array<{ id: string; total: number }> = []
    for (const quantity of [1, 2, 1]) {
      const ready = await readyToOrder(app, shop, { quantity })
      const res = await placeOrder(app, ready.token, ready.body)
      assert.equal(res.statusCode, 201, res.body)
      placed.push({ id: res.json().orderId, total: Math.round(ready.body.totalPrice * 100) })
    }
    const [a, b, c] = placed as [(typeof placed)[0], (typeof placed)[0], (typeof placed)[0]]
    const day = (id: string, at: string) =>
      db.updateTable('orders').set({ created_at: at }).where('id', '=', id).execute()
    await day(a.id, '2026-03-01T10:00:00.000Z')
    await day(b.id, '2026-03-01T23:59:59.999Z')
    await day(c.id, '2026-03-03T00:00:00.000Z')
    assert.equal((await ownerMove(app, owner.headers, c.id, 'DECLINED')).statusCode, 200)
    const get = (qs: string, headers = owner.headers) =>
      app.inject({ url: `/api/owner/dashboard?${qs}`, headers })

    test('sales, orders and average per day; declined orders left out; top products; low stock', async () => {
      const res = await get(`site=${shop.siteCode}&from=2026-03-01&to=2026-03-03`)
      assert.equal(res.statusCode, 200, res.body)
      const board = res.json()
      assert.equal(board.currency, 'USD')
      assert.deepEqual(
        board.days.map((d: { day: string; orders: number; salesMinor: number }) => [
          d.day,
          d.orders,
          d.salesMinor,
        ]),
        [
          ['2026-03-01', 2, a.total + b.total],
          ['2026-03-02', 0, 0],
          ['2026-03-03', 0, 0],
        ],
      )
      assert.equal(board.totals.orders, 2)
      assert.equal(board.totals.aovMinor, Math.round((a.total + b.total) / 2))
      assert.deepEqual(
        board.topProducts.map((p: { productId: string; units: number }) => [p.productId, p.units]),
        [[shop.productId, 3]],
      )
      // 7 − 1 − 2 − 1 + 1 (the declined order's unit came back) = 4, at or below the threshold of 5
      assert.deepEqual(
        board.lowStock.map((l: { productId: string; stock: number }) => [l.productId, l.stock]),
        [[shop.productId, 4]],
      )
    })

    test('a bad period is a 400 naming the field; an unknown site 404; the dashboard is the owner’s', async () => {
      const backwards = await get(`site=${shop.siteCode}&from=2026-03-03&to=2026-03-01`)
      assert.equal(backwards.statusCode, 400)
      assert.equal(backwards.json().details[0].field, 'querystring.to')
      const long = await get(`site=${shop.siteCode}&from=2024-01-01&to=2026-01-01`)
      assert.equal(long.statusCode, 400)
      assert.equal((await get('site=nowhere&from=2026-03-01&to=2026-03-02')).statusCode, 404)
      assert.equal(
        (await get(`site=${shop.siteCode}&from=2026-03-01&to=2026-03-02`, clerk.headers)).statusCode,
        403,
      )
    })
  })
}
