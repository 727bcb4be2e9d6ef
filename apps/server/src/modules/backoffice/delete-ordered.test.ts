import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { FAST_HASH_ENV } from '../auth/auth.testing.ts'
import { addItem, anonymousToken, createCart, getCart } from '../cart/cart.testing.ts'
import { placeOrder, readyToOrder, shopWithProduct } from '../checkout/checkout.testing.ts'
import { staffMember } from './backoffice.testing.ts'

/** docs/decisions/0044-deleting-products.md: an ordered product is kept (unpublish it), a carted one is not. */
for (const { engine, skip } of testEngines()) {
  describe(`deleting ordered and carted products on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine, FAST_HASH_ENV)
    const owner = await staffMember(app, database.db, 'owner')
    const del = (id: string) =>
      app.inject({ method: 'DELETE', url: `/api/owner/products/${id}`, headers: owner.headers })

    test('a product an order holds: 409 product_ordered, the order keeps its line', async () => {
      const shop = await shopWithProduct(database.db)
      const ready = await readyToOrder(app, shop, { quantity: 1 })
      const order = await placeOrder(app, ready.token, ready.body)
      assert.equal(order.statusCode, 201, order.body)
      const res = await del(shop.productId)
      assert.equal(res.statusCode, 409, res.body)
      assert.equal(res.json().type, 'product_ordered')
      const still = await app.inject({ url: `/api/owner/products/${shop.productId}`, headers: owner.headers })
      assert.equal(still.statusCode, 200)
    })

    test('a product only in a cart: deleted, and the cart no longer holds it', async () => {
      const shop = await shopWithProduct(database.db)
      const token = await anonymousToken(app)
      const cartId = await createCart(app, token, shop.siteCode)
      await addItem(app, token, cartId, { productId: shop.productId, quantity: 2 })
      const res = await del(shop.productId)
      assert.equal(res.statusCode, 204, res.body)
      const cart = await getCart(app, token, cartId)
      assert.equal(cart.items.length, 0)
    })
  })
}
