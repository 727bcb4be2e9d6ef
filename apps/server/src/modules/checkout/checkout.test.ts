import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { insertCoupon } from '../../platform/testing/fixtures.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { anonymousToken, bearer, cardToken, getCart } from '../cart/cart.testing.ts'
import { address, placeOrder, readyToOrder, shopWithProduct, stockOf } from './checkout.testing.ts'

for (const { engine, skip } of testEngines()) {
  describe(`checkout on ${engine}`, { skip }, () => {
    test('happy path: order placed, stock decremented, cart closed, card number nowhere', async () => {
      const { app, database } = await createTestApp(engine)
      const shop = await shopWithProduct(database.db)
      const { token, cartId, body } = await readyToOrder(app, shop)
      assert.equal(body.totalPrice, 49.27) // 39.98 + 3.30 tax + 5.99 shipping
      const res = await placeOrder(app, token, body)
      assert.equal(res.statusCode, 201, res.body)
      assert.match(res.json().orderId, /^ORD-[A-Z0-9]{10}$/)
      assert.equal(await stockOf(database.db, shop.productId), 3)
      const cart = await app.inject({
        method: 'GET',
        url: `/api/cart/carts/${cartId}`,
        headers: bearer(token),
      })
      assert.equal(cart.statusCode, 404)
      const again = await placeOrder(app, token, {
        ...body,
        payment: { ...body.payment, customAttributes: { token: await cardToken(app) } },
      })
      assert.equal(again.statusCode, 409)
      assert.equal(again.json().type, 'cart_already_ordered')
      const orders = await database.db.selectFrom('orders').selectAll().execute()
      const tokens = await database.db.selectFrom('card_tokens').selectAll().execute()
      assert.equal(orders.length, 1)
      assert.equal(orders[0]?.total_minor, 4927)
      for (const text of [JSON.stringify(orders), JSON.stringify(tokens)])
        assert.ok(!text.includes('4242424242424242'))
    })

    test('declined and insufficient funds: 402, no order, stock unchanged, cart still open', async () => {
      const { app, database } = await createTestApp(engine)
      const shop = await shopWithProduct(database.db)
      for (const [card, type] of [
        ['4000000000000002', 'card_declined'],
        ['4000000000009995', 'insufficient_funds'],
      ] as const) {
        const { token, cartId, body } = await readyToOrder(app, shop, { card })
        const res = await placeOrder(app, token, body)
        assert.equal(res.statusCode, 402)
        assert.equal(res.json().type, type)
        assert.ok(res.json().message.length > 0)
        const cart = await app.inject({
          method: 'GET',
          url: `/api/cart/carts/${cartId}`,
          headers: bearer(token),
        })
        assert.equal(cart.statusCode, 200)
      }
      assert.equal(await stockOf(database.db, shop.productId), 5)
      assert.equal((await database.db.selectFrom('orders').selectAll().execute()).length, 0)
    })

    test('out of stock at order time: 409 with the item, nothing written', async () => {
      const { app, database } = await createTestApp(engine)
      const shop = await shopWithProduct(database.db)
      const { token, body } = await readyToOrder(app, shop, { quantity: 3 })
      const other = await readyToOrder(app, shop, { quantity: 3 })
      assert.equal((await placeOrder(app, other.token, other.body)).statusCode, 201)
      const res = await placeOrder(app, token, body)
      assert.equal(res.statusCode, 409)
      assert.equal(res.json().type, 'out_of_stock')
      assert.equal(res.json().details[0].type, 'out_of_stock')
      assert.equal(await stockOf(database.db, shop.productId), 2)
      assert.equal((await database.db.selectFrom('orders').selectAll().execute()).length, 1)
    })

    test('the guarded stock update keeps concurrent orders from overselling', async () => {
      const { app, database } = await createTestApp(engine)
      const shop = await shopWithProduct(database.db)
      const carts = await Promise.all([1, 2, 3].map(() => readyToOrder(app, shop, { quantity: 2 })))
      const results = await Promise.all(carts.map((c) => placeOrder(app, c.token, c.body)))
      const codes = results.map((r) => r.statusCode).sort()
      assert.deepEqual(codes, [201, 201, 409])
      assert.equal(await stockOf(database.db, shop.productId), 1)
    })

    test('a changed total is 409 total_changed; a country outside the zone is 400 on addresses', async () => {
      const { app, database } = await createTestApp(engine)
      const shop = await shopWithProduct(database.db)
      const { token, body } = await readyToOrder(app, shop)
      const changed = await placeOrder(app, token, { ...body, totalPrice: 1 })
      assert.equal(changed.statusCode, 409)
      assert.equal(changed.json().type, 'total_changed')
      const abroad = await placeOrder(app, token, { ...body, addresses: [address('SHIPPING', 'DE')] })
      assert.equal(abroad.statusCode, 400)
      assert.equal(abroad.json().details[0].field, 'addresses')
      const billingAbroad = await placeOrder(app, token, {
        ...body,
        addresses: [address('SHIPPING'), address('BILLING', 'DE')],
      })
      assert.equal(billingAbroad.statusCode, 201, billingAbroad.body)
    })

    test('an order placed with coupons keeps their codes, names and amounts', async () => {
      const { app, database } = await createTestApp(engine)
      const db = database.db
      const shop = await shopWithProduct(db)
      const { token, cartId, body } = await readyToOrder(app, shop) // 2 × 19.99
      const absolute = await insertCoupon(db, { amountMinor: 500 })
      const percent = await insertCoupon(db, { discountType: 'PERCENT', percentage: 10 })
      for (const code of [absolute, percent]) {
        const applied = await app.inject({
          method: 'POST',
          url: `/api/cart/carts/${cartId}/discounts`,
          headers: bearer(token),
          payload: { code },
        })
        assert.equal(applied.statusCode, 201, applied.body)
      }
      const cart = await getCart(app, token, cartId)
      const totalPrice = Math.round((cart.totalPrice.amount + 5.99) * 100) / 100
      const res = await placeOrder(app, token, { ...body, totalPrice })
      assert.equal(res.statusCode, 201, res.body)
      const order = await app.inject({
        method: 'GET',
        url: `/api/order/orders/${res.json().orderId}`,
        headers: bearer(token),
      })
      assert.equal(order.statusCode, 200)
      assert.deepEqual(order.json().discounts, [
        { code: absolute, name: `Coupon ${absolute}`, amount: 5, currency: 'USD' },
        { code: percent, name: `Coupon ${percent}`, amount: 4, currency: 'USD' }, // 10 % of 39.98
      ])
      assert.equal(order.json().totalDiscount, 9)
    })

    test('ownership, token, empty cart and malformed bodies', async () => {
      const { app, database } = await createTestApp(engine)
      const shop = await shopWithProduct(database.db)
      const { body } = await readyToOrder(app, shop)
      const stranger = await anonymousToken(app)
      assert.equal((await placeOrder(app, stranger, body)).statusCode, 404)
      const anonymous = await app.inject({
        method: 'POST',
        url: '/api/checkout/checkouts/order',
        payload: body,
      })
      assert.equal(anonymous.statusCode, 401)
      const emptyCart = await app.inject({
        method: 'POST',
        url: '/api/cart/carts',
        headers: bearer(stranger),
        payload: { siteCode: shop.siteCode },
      })
      const empty = await placeOrder(app, stranger, { ...body, cartId: emptyCart.json().cartId })
      assert.equal(empty.statusCode, 400)
      assert.equal(empty.json().type, 'cart_empty')
      for (const bad of [
        {},
        { ...body, totalPrice: 'x' },
        { ...body, addresses: [address('BILLING')] },
        { ...body, customer: { ...body.customer, email: 'nope' } },
        { ...body, payment: { paymentId: 'cash', customAttributes: { token: 't' } } },
      ]) {
        const res = await placeOrder(app, stranger, bad)
        assert.equal(res.statusCode, 400, JSON.stringify(bad))
        assert.ok(res.json().details.length > 0)
      }
    })
  })
}
