import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { FAST_HASH_ENV } from '../auth/auth.testing.ts'
import { anonymousToken, bearer, getCart } from '../cart/cart.testing.ts'
import { address, placeOrder, readyToOrder, shopWithProduct } from '../checkout/checkout.testing.ts'
import { staffMember } from './backoffice.testing.ts'

/**
 * The owner's tax (docs/decisions/0067-staff-sites-and-tax.md) reaches the shopper at once: the cart's estimate,
 * the checkout's calculation and the order follow each change, flat or per country, with no cache in between.
 */
for (const { engine, skip } of testEngines()) {
  describe(`the owner's tax in the cart and the checkout on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine, FAST_HASH_ENV)
    const db = database.db
    // 19.99 USD, 8.25 % added flat, a zone shipping to US and CA for 5.99
    const shop = await shopWithProduct(db)
    const owner = await staffMember(app, db, 'owner')
    const setTax = async (tax: object) => {
      const listed = (await app.inject({ url: '/api/owner/sites', headers: owner.headers })).json()
      const {
        code,
        position: _,
        currencyLocked: __,
        ...current
      } = listed.sites.find((s: { code: string }) => s.code === shop.siteCode)
      const res = await app.inject({
        method: 'PUT',
        url: `/api/owner/sites/${code}`,
        headers: owner.headers,
        payload: { ...current, tax },
      })
      assert.equal(res.statusCode, 200, res.body)
    }
    const estimate = async (token: string, cartId: string, countryCode: string) => {
      const res = await app.inject({
        method: 'PUT',
        url: `/api/cart/carts/${cartId}`,
        headers: bearer(token),
        payload: { countryCode, zipCode: '12345' },
      })
      assert.equal(res.statusCode, 200, res.body)
      return res.json() as { totalTax: { amount: number }; taxAggregate: { rate: number; label: string } }
    }
    const calculation = async (token: string, cartId: string, countryCode: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/cart/calculation',
        headers: bearer(token),
        payload: {
          cartId,
          siteCode: shop.siteCode,
          currency: 'USD',
          addresses: [{ type: 'SHIP_TO', countryCode, zipCode: '12345' }],
          shipping: { calculationType: 'QUOTATION', methodId: shop.methodId, zoneId: shop.zoneId },
        },
      })
      assert.equal(res.statusCode, 200, res.body)
      return res.json() as { totalTax: { amount: number }; totalPrice: { amount: number } }
    }

    test('rates per country: the estimate and the calculation take the destination’s rate at once', async () => {
      const { token, cartId } = await readyToOrder(app, shop) // 2 × 19.99 = 39.98
      assert.equal((await estimate(token, cartId, 'CA')).totalTax.amount, 3.3) // flat 8.25 %
      await setTax({ type: 'country', label: 'Sales tax', rates: { US: 500, CA: 1300 } })
      const ca = await estimate(token, cartId, 'CA')
      assert.equal(ca.totalTax.amount, 5.2) // 39.98 × 13 % = 5.1974
      assert.deepEqual(ca.taxAggregate, { label: 'Sales tax', rate: 13, included: false })
      assert.equal((await getCart(app, token, cartId)).totalTax.amount, 5.2)
      assert.equal((await estimate(token, cartId, 'US')).totalTax.amount, 2) // 1.999
      const us = await calculation(token, cartId, 'US')
      assert.equal(us.totalTax.amount, 2)
      assert.equal(us.totalPrice.amount, 47.97) // 39.98 + 2.00 + 5.99
      assert.equal((await calculation(token, cartId, 'CA')).totalTax.amount, 5.2)
      // CA no longer listed: not taxed; a country that is not taxable never is
      await setTax({ type: 'country', label: 'Sales tax', rates: { US: 500 } })
      assert.equal((await estimate(token, cartId, 'CA')).totalTax.amount, 0)
      assert.equal((await calculation(token, cartId, 'CA')).totalTax.amount, 0)
      assert.equal((await estimate(token, cartId, 'DE')).totalTax.amount, 0)
      // the storefront's site answer says so too
      const site = (await app.inject({ url: `/api/site/sites/${shop.siteCode}?expand=tax:active` })).json()
      assert.deepEqual(site.tax[0], {
        id: 'PER_COUNTRY',
        configuration: { public: { label: 'Sales tax', rate: 0, included: false, rates: { US: 5 } } },
      })
    })

    test('the checkout: a total quoted before a change is refused, the order takes the new rate', async () => {
      await setTax({ type: 'flat', label: 'Sales tax', rate: 825, included: false })
      const { token, body } = await readyToOrder(app, shop)
      const toCanada = { ...body, addresses: [address('SHIPPING', 'CA'), address('BILLING', 'CA')] }
      assert.equal(toCanada.totalPrice, 49.27) // 39.98 + 3.30 + 5.99
      await setTax({ type: 'country', label: 'HST', rates: { US: 825, CA: 1300 } })
      const stale = await placeOrder(app, token, toCanada)
      assert.equal(stale.statusCode, 409, stale.body)
      assert.equal(stale.json().type, 'total_changed')
      assert.equal(stale.json().details[0].message, '51.17') // 39.98 + 5.20 + 5.99
      const placed = await placeOrder(app, token, { ...toCanada, totalPrice: 51.17 })
      assert.equal(placed.statusCode, 201, placed.body)
      const order = await app.inject({
        url: `/api/owner/orders/${placed.json().orderId}`,
        headers: owner.headers,
      })
      assert.equal(order.statusCode, 200, order.body)
      assert.deepEqual(order.json().tax, { amount: 5.2, label: 'HST', included: false })
    })

    test('an included tax (VAT): part of the prices, the total unchanged, shown in the estimate', async () => {
      await setTax({ type: 'flat', label: 'incl. 19 % VAT', rate: 1900, included: true })
      const token = await anonymousToken(app)
      const { cartId } = await readyToOrder(app, shop, { token })
      const cart = await estimate(token, cartId, 'US')
      assert.equal(cart.totalTax.amount, 6.38) // 39.98 × 19 / 119 = 6.383
      assert.deepEqual(cart.taxAggregate, { label: 'incl. 19 % VAT', rate: 19, included: true })
      assert.equal((await calculation(token, cartId, 'US')).totalPrice.amount, 45.97) // 39.98 + 5.99
    })
  })
}
