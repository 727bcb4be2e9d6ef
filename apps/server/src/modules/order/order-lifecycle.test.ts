import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { FAST_HASH_ENV, signupCustomer } from '../auth/auth.testing.ts'
import { anonymousToken, bearer } from '../cart/cart.testing.ts'
import { placeOrder, readyToOrder, shopWithProduct, stockOf } from '../checkout/checkout.testing.ts'
import { setRole } from '../customer/customer.service.ts'
import { ownerMove } from './order.testing.ts'

for (const { engine, skip } of testEngines()) {
  describe(`order lifecycle on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine, FAST_HASH_ENV)
    const shop = await shopWithProduct(database.db)
    const owner = await signupCustomer(app)
    assert.ok(await setRole(database.db, owner.email.toUpperCase(), 'owner'))
    const order = async (token?: string) => {
      const ready = await readyToOrder(app, shop, { token, quantity: 1 })
      const placed = await placeOrder(app, ready.token, ready.body)
      assert.equal(placed.statusCode, 201, placed.body)
      return { orderId: placed.json().orderId as string, token: ready.token }
    }

    test('the owner moves an order CREATED → CONFIRMED → PAID → SHIPPED → COMPLETED, one step at a time', async () => {
      const { orderId, token } = await order()
      assert.equal((await ownerMove(app, owner.headers, orderId, 'SHIPPED')).statusCode, 409)
      for (const status of ['CONFIRMED', 'PAID', 'SHIPPED', 'COMPLETED']) {
        const res = await ownerMove(app, owner.headers, orderId, status)
        assert.equal(res.statusCode, 200, res.body)
        assert.equal(res.json().status, status)
      }
      const seen = await app.inject({
        method: 'GET',
        url: `/api/order/orders/${orderId}`,
        headers: bearer(token),
      })
      assert.equal(seen.json().status, 'COMPLETED')
      const back = await ownerMove(app, owner.headers, orderId, 'DECLINED')
      assert.equal(back.statusCode, 409)
      assert.equal(back.json().type, 'order_transition_not_allowed')
      const same = await ownerMove(app, owner.headers, orderId, 'COMPLETED')
      assert.equal(same.statusCode, 409)
      // a shipped order was never put back into stock
      assert.equal(await stockOf(database.db, shop.productId), 5 - 1)
    })

    test('customers and guests cannot move statuses; anonymous is 401; unknown orders 404', async () => {
      const customer = await signupCustomer(app)
      const { orderId } = await order(customer.accessToken)
      const forbidden = await ownerMove(app, customer.headers, orderId, 'CONFIRMED')
      assert.equal(forbidden.statusCode, 403)
      const guest = await anonymousToken(app)
      assert.equal((await ownerMove(app, bearer(guest), orderId, 'SHIPPED')).statusCode, 401)
      assert.equal((await ownerMove(app, {}, orderId, 'SHIPPED')).statusCode, 401)
      const list = await app.inject({ method: 'GET', url: '/api/owner/orders', headers: customer.headers })
      assert.equal(list.statusCode, 403)
      // on the customer's own call only DECLINED is accepted
      const own = await app.inject({
        method: 'POST',
        url: `/api/order/orders/${orderId}/transitions`,
        headers: customer.headers,
        payload: { status: 'SHIPPED' },
      })
      assert.equal(own.statusCode, 400)
      const view = await app.inject({
        method: 'GET',
        url: `/api/order/orders/${orderId}`,
        headers: customer.headers,
      })
      assert.equal(view.json().status, 'CREATED')
      assert.equal((await ownerMove(app, owner.headers, 'ORD-NOPE', 'CONFIRMED')).statusCode, 404)
      assert.equal((await ownerMove(app, owner.headers, orderId, 'LOST')).statusCode, 400)
      // a revoked owner is a customer again
      const second = await signupCustomer(app)
      await setRole(database.db, second.email, 'owner')
      assert.equal((await ownerMove(app, second.headers, orderId, 'CONFIRMED')).statusCode, 200)
      await setRole(database.db, second.email, 'customer')
      assert.equal((await ownerMove(app, second.headers, orderId, 'PAID')).statusCode, 403)
    })

    test('the customer cancels a CONFIRMED order (stock back, refunded) but not a PAID one', async () => {
      const customer = await signupCustomer(app)
      const cancel = (orderId: string) =>
        app.inject({
          method: 'POST',
          url: `/api/order/orders/${orderId}/transitions`,
          headers: customer.headers,
          payload: { status: 'DECLINED' },
        })
      const stock = await stockOf(database.db, shop.productId)
      const first = await order(customer.accessToken)
      assert.equal((await ownerMove(app, owner.headers, first.orderId, 'CONFIRMED')).statusCode, 200)
      const cancelled = await cancel(first.orderId)
      assert.equal(cancelled.statusCode, 200, cancelled.body)
      assert.equal(cancelled.json().status, 'DECLINED')
      assert.equal(cancelled.json().payments[0].status, 'REFUNDED')
      assert.equal(await stockOf(database.db, shop.productId), stock)

      const second = await order(customer.accessToken)
      await ownerMove(app, owner.headers, second.orderId, 'CONFIRMED')
      await ownerMove(app, owner.headers, second.orderId, 'PAID')
      const refused = await cancel(second.orderId)
      assert.equal(refused.statusCode, 409)
      assert.equal(refused.json().type, 'order_not_cancellable')
      assert.equal(await stockOf(database.db, shop.productId), stock - 1)
      // the owner may still decline it before it ships: stock back, refunded
      const declined = await ownerMove(app, owner.headers, second.orderId, 'DECLINED')
      assert.equal(declined.statusCode, 200, declined.body)
      assert.equal(declined.json().payments[0].status, 'REFUNDED')
      assert.equal(await stockOf(database.db, shop.productId), stock)
    })

    test('three concurrent declines of one order: exactly one wins, stock comes back once', async () => {
      const { orderId } = await order()
      const stock = await stockOf(database.db, shop.productId)
      const results = await Promise.all(
        [1, 2, 3].map(() => ownerMove(app, owner.headers, orderId, 'DECLINED')),
      )
      assert.deepEqual(results.map((r) => r.statusCode).sort(), [200, 409, 409])
      assert.equal(await stockOf(database.db, shop.productId), stock + 1)
    })

    test('the owner lists every order, by status, with x-total-count', async () => {
      const all = await app.inject({
        method: 'GET',
        url: '/api/owner/orders?pageSize=200',
        headers: owner.headers,
      })
      assert.equal(all.statusCode, 200, all.body)
      const rows = await database.db.selectFrom('orders').select(['id', 'status']).execute()
      assert.equal(all.headers['x-total-count'], String(rows.length))
      assert.deepEqual(
        all
          .json()
          .map((o: { id: string }) => o.id)
          .sort(),
        rows.map((r) => r.id).sort(),
      )
      const declined = await app.inject({
        method: 'GET',
        url: '/api/owner/orders?status=DECLINED&pageSize=1',
        headers: owner.headers,
      })
      const expected = rows.filter((r) => r.status === 'DECLINED').length
      assert.ok(expected >= 2)
      assert.equal(declined.headers['x-total-count'], String(expected))
      assert.equal(declined.json().length, 1)
      assert.equal(declined.json()[0].status, 'DECLINED')
      const one = await app.inject({
        method: 'GET',
        url: `/api/owner/orders/${rows[0]?.id}`,
        headers: owner.headers,
      })
      assert.equal(one.json().id, rows[0]?.id)
    })
  })
}
