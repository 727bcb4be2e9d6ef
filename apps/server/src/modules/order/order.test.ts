import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { anonymousToken, bearer } from '../cart/cart.testing.ts'
import { placeOrder, readyToOrder, shopWithProduct } from '../checkout/checkout.testing.ts'

for (const { engine, skip } of testEngines()) {
  describe(`orders on ${engine}`, { skip }, () => {
    test('the shopper reads the order they placed; others get 404', async () => {
      const { app, database } = await createTestApp(engine)
      const shop = await shopWithProduct(database.db)
      const { token, body } = await readyToOrder(app, shop)
      const placed = await placeOrder(app, token, body)
      assert.equal(placed.statusCode, 201, placed.body)
      const { orderId } = placed.json()
      const res = await app.inject({
        method: 'GET',
        url: `/api/order/orders/${orderId}`,
        headers: bearer(token),
      })
      assert.equal(res.statusCode, 200, res.body)
      const order = res.json()
      assert.equal(order.status, 'CREATED')
      assert.equal(order.currency, 'USD')
      assert.equal(order.itemCount, 2)
      assert.equal(order.entries[0].amount, 2)
      assert.equal(order.entries[0].unitPrice, 19.99)
      assert.equal(order.subTotalPrice, 39.98)
      assert.deepEqual(order.tax, { amount: 3.3, label: 'Sales tax', included: false })
      assert.deepEqual(order.shipping.total, { amount: 5.99, currency: 'USD' })
      assert.equal(order.totalPrice, 49.27)
      assert.equal(order.shippingAddress.country, 'US')
      assert.equal(order.customer.email, 'ada@example.com')
      assert.deepEqual(
        { ...order.payments[0] },
        { method: 'test-card', brand: 'Visa', last4: '4242', paidAmount: 49.27, status: 'PAID' },
      )
      assert.ok(!res.body.includes('4242424242424242'))

      const stranger = await anonymousToken(app)
      const hidden = await app.inject({
        method: 'GET',
        url: `/api/order/orders/${orderId}`,
        headers: bearer(stranger),
      })
      assert.equal(hidden.statusCode, 404)
      assert.equal((await app.inject({ method: 'GET', url: `/api/order/orders/${orderId}` })).statusCode, 401)
      const unknown = await app.inject({
        method: 'GET',
        url: '/api/order/orders/ORD-NOPE',
        headers: bearer(token),
      })
      assert.equal(unknown.statusCode, 404)
    })
  })
}
