import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { FAST_HASH_ENV } from '../auth/auth.testing.ts'
import { addItem, anonymousToken, bearer, cardToken, createCart, getCart } from '../cart/cart.testing.ts'
import { address, placeOrder } from '../checkout/checkout.testing.ts'
import { ensureStarterSite } from '../site/site.service.ts'
import { productInput, staffMember } from './backoffice.testing.ts'

/**
 * An empty shop (ADR 0060: one starter site, no zone) where nobody can check out until the owner adds a zone and
 * a method through the staff API; the order then keeps its method's name and fee when the owner removes them.
 */
for (const { engine, skip } of testEngines()) {
  describe(`checkout after the owner's shipping on ${engine}`, { skip }, async () => {
    const { app, database, config } = await createTestApp(engine, FAST_HASH_ENV)
    const db = database.db
    await ensureStarterSite(db, config.starterSite)
    const owner = await staffMember(app, db, 'owner')
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      app.inject({ method, url, headers: owner.headers, ...(payload ? { payload } : {}) })

    test('no zone, no checkout; the owner adds one, the cheapest method is selected and the order placed', async () => {
      const product = await call(
        'POST',
        '/api/owner/products',
        productInput({ prices: [{ currency: 'USD', effectiveMinor: 4500, originalMinor: 4500 }] }),
      )
      assert.equal(product.statusCode, 201, product.body)
      const token = await anonymousToken(app)
      const cartId = await createCart(app, token, 'default')
      await addItem(app, token, cartId, { productId: product.json().id, quantity: 1 })
      const quote = async () =>
        (
          await app.inject({
            method: 'POST',
            url: '/api/shipping/default/quote',
            payload: { cartTotal: { amount: 45, currency: 'USD' }, shipToAddress: { countryCode: 'US' } },
          })
        ).json() as Array<{
          id: string
          zoneId: string
          name: string
          fee: { amount: number }
          selected: boolean
        }>
      const order = async (method: { id: string; zoneId: string; fee: { amount: number } }) => {
        const cart = await getCart(app, token, cartId)
        return placeOrder(app, token, {
          cartId,
          payment: { paymentId: 'test-card', customAttributes: { token: await cardToken(app) } },
          currency: 'USD',
          shipping: { methodId: method.id, zoneId: method.zoneId, amount: method.fee.amount },
          totalPrice: Math.round((cart.totalPrice.amount + method.fee.amount) * 100) / 100,
          addresses: [address('SHIPPING'), address('BILLING')],
          customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
        })
      }

      // The empty shop: no zone, nothing to choose, an order is refused.
      assert.deepEqual((await app.inject({ url: '/api/shipping/default/zones' })).json(), [])
      assert.deepEqual(await quote(), [])
      const refused = await order({ id: 'none', zoneId: 'none', fee: { amount: 0 } })
      assert.equal(refused.statusCode, 400, refused.body)

      // The owner's zone and two methods, the dearer one first.
      const zone = await call('POST', '/api/owner/sites/default/shipping-zones', {
        name: 'Home',
        countries: ['US'],
      })
      assert.equal(zone.statusCode, 201, zone.body)
      const zoneId = zone.json().id as string
      for (const [en, de, feeMinor] of [
        ['Courier', 'Kurier', 1200],
        ['Post', 'Post', 450],
      ] as const) {
        const method = await call('POST', `/api/owner/shipping-zones/${zoneId}/methods`, {
          names: { en, de },
          fees: [{ minOrderMinor: 0, feeMinor }],
        })
        assert.equal(method.statusCode, 201, method.body)
      }
      const offered = await quote()
      assert.deepEqual(
        offered.map((m) => [m.name, m.fee.amount, m.selected]),
        [
          ['Post', 4.5, true],
          ['Courier', 12, false],
        ],
      )
      const placed = await order(offered[0]!)
      assert.equal(placed.statusCode, 201, placed.body)
      const orderId = placed.json().orderId as string

      // Removing the method and the zone leaves the order as it was placed.
      const read = async () => (await call('GET', `/api/owner/orders/${orderId}`)).json()
      const before = await read()
      assert.equal(before.shipping.name, 'Post')
      assert.deepEqual(before.shipping.total, { amount: 4.5, currency: 'USD' })
      assert.equal(before.totalPrice, 49.5)
      assert.equal(
        (await call('DELETE', `/api/owner/shipping-zones/${zoneId}/methods/${offered[0]!.id}`)).statusCode,
        204,
      )
      assert.equal((await call('DELETE', `/api/owner/shipping-zones/${zoneId}`)).statusCode, 204)
      const after = await read()
      assert.deepEqual(after.shipping, before.shipping)
      assert.deepEqual(after.totalPrice, before.totalPrice)
      const mine = await app.inject({ url: `/api/order/orders/${orderId}`, headers: bearer(token) })
      assert.equal(mine.json().shipping.name, 'Post')
    })
  })
}
