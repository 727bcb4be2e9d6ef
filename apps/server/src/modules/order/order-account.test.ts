import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { FAST_HASH_ENV, signupCustomer } from '../auth/auth.testing.ts'
import { placeOrder, readyToOrder, shopWithProduct } from '../checkout/checkout.testing.ts'

for (const { engine, skip } of testEngines()) {
  describe(`customer orders on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine, FAST_HASH_ENV)
    const stockOf = async (id: string) =>
      (
        await database.db
          .selectFrom('products')
          .select('stock')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).stock

    test('list with pageSize and x-total-count, newest first; anonymous gets 401', async () => {
      const shop = await shopWithProduct(database.db)
      const customer = await signupCustomer(app)
      const ids: string[] = []
      for (let i = 0; i < 3; i++) {
        const ready = await readyToOrder(app, shop, { token: customer.accessToken, quantity: 1 })
        const placed = await placeOrder(app, customer.accessToken, ready.body)
        assert.equal(placed.statusCode, 201, placed.body)
        ids.push(placed.json().orderId)
      }
      const list = await app.inject({
        method: 'GET',
        url: '/api/order/orders?pageSize=2',
        headers: customer.headers,
      })
      assert.equal(list.statusCode, 200)
      assert.equal(list.headers['x-total-count'], '3')
      assert.equal(list.json().length, 2)
      assert.deepEqual(new Set(list.json().map((o: { id: string }) => o.id)).size, 2)
      const all = await app.inject({
        method: 'GET',
        url: '/api/order/orders?pageSize=3',
        headers: customer.headers,
      })
      assert.deepEqual(new Set(all.json().map((o: { id: string }) => o.id)), new Set(ids))
      const anon = (await app.inject({ method: 'GET', url: '/api/auth/anonymous/login' })).json().access_token
      const refused = await app.inject({
        method: 'GET',
        url: '/api/order/orders',
        headers: { authorization: `Bearer ${anon}` },
      })
      assert.equal(refused.statusCode, 401)
    })

    test('cancel: DECLINED from CREATED, stock back, payment refunded; twice is 409', async () => {
      const shop = await shopWithProduct(database.db)
      const customer = await signupCustomer(app)
      const ready = await readyToOrder(app, shop, { token: customer.accessToken, quantity: 2 })
      const placed = await placeOrder(app, customer.accessToken, ready.body)
      const orderId = placed.json().orderId
      assert.equal(await stockOf(shop.productId), 3)
      const cancel = () =>
        app.inject({
          method: 'POST',
          url: `/api/order/orders/${orderId}/transitions`,
          headers: customer.headers,
          payload: { status: 'DECLINED' },
        })
      const res = await cancel()
      assert.equal(res.statusCode, 200, res.body)
      assert.equal(res.json().status, 'DECLINED')
      assert.equal(res.json().payments[0].status, 'REFUNDED')
      assert.equal(await stockOf(shop.productId), 5)
      const again = await cancel()
      assert.equal(again.statusCode, 409)
      assert.equal(await stockOf(shop.productId), 5)
      const other = await app.inject({
        method: 'POST',
        url: `/api/order/orders/${orderId}/transitions`,
        headers: customer.headers,
        payload: { status: 'CONFIRMED' },
      })
      assert.equal(other.statusCode, 400)
    })
  })
}
