import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { insertProduct, insertShippingZone, insertSite } from '../../platform/testing/fixtures.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { FAST_HASH_ENV, signupCustomer } from '../auth/auth.testing.ts'
import { addItem, anonymousToken, bearer, cardToken, createCart, getCart } from '../cart/cart.testing.ts'
import { address, placeOrder } from '../checkout/checkout.testing.ts'
import { staffMember } from './backoffice.testing.ts'

/**
 * The storefront's coupon errors (spec §8) follow from what the owner sets (docs/decisions/0065): each setting
 * through the owner's API, then a shopper's cart and checkout through the shop's.
 */
let serial = 0
const nextCode = () => `C${process.pid}_${++serial}`

async function shop(engine: 'sqlite' | 'postgres') {
  const { app, database } = await createTestApp(engine, FAST_HASH_ENV)
  const db = database.db
  const us = await insertSite(db, { currency: 'USD' })
  const eu = await insertSite(db, { currency: 'EUR', languages: ['de', 'en'] })
  const productId = await insertProduct(db, {
    stock: 100,
    prices: { USD: { effective: 2000 }, EUR: { effective: 1800 } },
  })
  const { zoneId, methodIds } = await insertShippingZone(db, { siteCode: us, shipTo: ['US'] })
  const owner = await staffMember(app, db, 'owner')
  return { app, db, us, eu, productId, zoneId, methodId: methodIds[0]!, owner }
}
type Shop = Awaited<ReturnType<typeof shop>>

/** The owner creates a coupon (10 % unless said otherwise); its code. */
async function ownerCreates(s: Shop, over: Record<string, unknown> = {}): Promise<string> {
  const code = nextCode()
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/owner/coupons',
    headers: s.owner.headers,
    payload: { code, name: 'Test', discountType: 'PERCENT', percentage: 10, ...over },
  })
  assert.equal(res.statusCode, 201, res.body)
  return code
}

async function ownerEdits(s: Shop, code: string, settings: Record<string, unknown>) {
  const res = await s.app.inject({
    method: 'PUT',
    url: `/api/owner/coupons/${code}`,
    headers: s.owner.headers,
    payload: { name: 'Test', ...settings },
  })
  assert.equal(res.statusCode, 200, res.body)
}

/** A cart of `quantity` units on a site; `apply` answers the status and first detail type of a redemption. */
async function cartOf(s: Shop, token: string, site: string, quantity: number) {
  const cartId = await createCart(s.app, token, site)
  await addItem(s.app, token, cartId, { productId: s.productId, quantity })
  const apply = async (code: string) => {
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/cart/carts/${cartId}/discounts`,
      headers: bearer(token),
      payload: { code },
    })
    return `${res.statusCode} ${res.json().details?.[0]?.type ?? ''}`.trim()
  }
  return { cartId, apply }
}

/** Orders a USD cart (with the coupon applied when given); the checkout's answer. */
async function order(s: Shop, token: string, code?: string) {
  return (await readyToOrder(s, token, code))()
}

/**
 * A USD cart with the coupon applied (when given) and a card token: everything up to the order, which the
 * returned function places. Orders "at once" are made ready first, so each cart holds the coupon before either
 * order is placed.
 */
async function readyToOrder(s: Shop, token: string, code?: string) {
  const { cartId, apply } = await cartOf(s, token, s.us, 2)
  if (code) assert.equal(await apply(code), '201')
  const cart = await getCart(s.app, token, cartId)
  const card = await cardToken(s.app)
  return () =>
    placeOrder(s.app, token, {
      cartId,
      payment: { paymentId: 'test-card', customAttributes: { token: card } },
      currency: 'USD',
      shipping: { methodId: s.methodId, zoneId: s.zoneId, amount: 5.99 },
      totalPrice: Math.round((cart.totalPrice.amount + 5.99) * 100) / 100,
      addresses: [address('SHIPPING'), address('BILLING')],
      customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
    })
}

const counts = async (s: Shop, code: string) => {
  const res = await s.app.inject({ url: `/api/owner/coupons/${code}`, headers: s.owner.headers })
  const c = res.json()
  return { redemptions: c.redemptions, customersRedeemed: c.customersRedeemed, status: c.status }
}

const signedIn = async (app: FastifyInstance) => {
  const customer = await signupCustomer(app)
  return { ...customer, token: customer.accessToken }
}

for (const { engine, skip } of testEngines()) {
  describe(`coupon settings in the storefront on ${engine}`, { skip }, async () => {
    const s = await shop(engine)

    test('an EUR amount with a minimum: too low, other currency, then redeemed; a change shows at once', async () => {
      const code = await ownerCreates(s, {
        discountType: 'ABSOLUTE',
        percentage: null,
        amounts: { EUR: 500 },
        minOrders: { EUR: 5000 },
      })
      const anonymous = await anonymousToken(s.app)
      const eu = await cartOf(s, anonymous, s.eu, 2) // 36.00 EUR
      assert.equal(await eu.apply(code), '400 coupon_order_total_too_low')
      const usd = await cartOf(s, anonymous, s.us, 5)
      assert.equal(await usd.apply(code), '400 coupon_currency_incorrect')
      const coupon = await s.app.inject({
        url: `/api/coupon/coupons/${code}?currency=USD`,
        headers: bearer(anonymous),
      })
      assert.equal(coupon.json().discountAbsolute.currency, 'EUR', 'the storefront sees the currency error')
      await addItem(s.app, anonymous, eu.cartId, { productId: s.productId, quantity: 1 }) // 54.00 EUR
      assert.equal(await eu.apply(code), '201')
      let cart = await getCart(s.app, anonymous, eu.cartId)
      assert.equal(cart.totalDiscount.amount, 5)
      assert.deepEqual(cart.discounts[0].minOrderValue, { amount: 50, currency: 'EUR' })

      await ownerEdits(s, code, {
        discountType: 'ABSOLUTE',
        amounts: { EUR: 700, USD: 800 },
        minOrders: { EUR: 6000 },
      })
      cart = await getCart(s.app, anonymous, eu.cartId)
      assert.equal(cart.discounts[0].applied, false, 'the new minimum holds at the next calculation')
      assert.equal(cart.discounts[0].problem, 'coupon_order_total_too_low')
      assert.equal(await usd.apply(code), '201', 'now with an amount in USD, no minimum there')
      assert.equal((await getCart(s.app, anonymous, usd.cartId)).totalDiscount.amount, 8)
    })

    test('dates: not yet active, then expired', async () => {
      const later = await ownerCreates(s, { validFrom: '2999-01-01T00:00:00Z' })
      const over = await ownerCreates(s, { validUntil: '2020-01-01T00:00:00Z' })
      const { apply } = await cartOf(s, await anonymousToken(s.app), s.us, 1)
      assert.equal(await apply(later), '400 coupon_not_active')
      assert.equal(await apply(over), '400 coupon_expired')
      assert.equal((await counts(s, later)).status, 'scheduled')
      assert.equal((await counts(s, over)).status, 'expired')
    })

    test('signed-in only and a per-customer limit: anonymous 403; the limit counts each customer', async () => {
      const members = await ownerCreates(s, { customersOnly: true })
      const once = await ownerCreates(s, { perCustomer: 1 })
      const anonymous = await cartOf(s, await anonymousToken(s.app), s.us, 1)
      assert.equal(await anonymous.apply(members), '403 coupon_redemption_forbidden')
      assert.equal(await anonymous.apply(once), '403 coupon_redemption_forbidden')

      const ada = await signedIn(s.app)
      assert.equal(await (await cartOf(s, ada.token, s.us, 1)).apply(members), '201')
      const placed = await order(s, ada.token, once)
      assert.equal(placed.statusCode, 201, placed.body)
      assert.deepEqual(await counts(s, once), { redemptions: 1, customersRedeemed: 1, status: 'active' })
      assert.equal(await (await cartOf(s, ada.token, s.us, 1)).apply(once), '400 coupon_redemptions_exceeded')
      const bob = await signedIn(s.app)
      assert.equal(await (await cartOf(s, bob.token, s.us, 1)).apply(once), '201')
    })

    test('restricted to customers: listed ones redeem, others 403 (signed in or not)', async () => {
      const ada = await signedIn(s.app)
      const bob = await signedIn(s.app)
      const code = await ownerCreates(s, { customers: [ada.email] })
      assert.equal(await (await cartOf(s, ada.token, s.us, 1)).apply(code), '201')
      assert.equal(await (await cartOf(s, bob.token, s.us, 1)).apply(code), '403 coupon_redemption_forbidden')
      const anonymous = await cartOf(s, await anonymousToken(s.app), s.us, 1)
      assert.equal(await anonymous.apply(code), '403 coupon_redemption_forbidden')
      await ownerEdits(s, code, { discountType: 'PERCENT', percentage: 10, customers: [bob.email] })
      assert.equal(
        await (await cartOf(s, bob.token, s.us, 1)).apply(code),
        '201',
        'the new list holds at once',
      )
    })

    /**
     * Two checkouts at once: a shopper whose cart lost the coupon before they sent the order (the other order
     * took it) may still order without it; one that sent it with the coupon meets the transaction's guard (409).
     * Either way exactly one order carries the coupon. The guard itself: coupon/coupon.redeem.test.ts.
     */
    const withCoupon = async (
      results: Array<{ statusCode: number; json: () => { orderId?: string } }>,
      code: string,
    ) => {
      for (const r of results) assert.ok([201, 409].includes(r.statusCode), String(r.statusCode))
      const ids = results.flatMap((r) => (r.statusCode === 201 ? [r.json().orderId!] : []))
      assert.ok(ids.length >= 1)
      const rows = await s.db.selectFrom('orders').select('discounts').where('id', 'in', ids).execute()
      return rows.filter((row) => row.discounts.includes(code)).length
    }

    test('a total limit of 1: two shoppers ordering at once, one order takes it', async () => {
      const code = await ownerCreates(s, { maxRedemptions: 1 })
      const shoppers = await Promise.all([anonymousToken(s.app), anonymousToken(s.app)])
      const ready = await Promise.all(shoppers.map((token) => readyToOrder(s, token, code)))
      const results = await Promise.all(ready.map((place) => place()))
      assert.equal(await withCoupon(results, code), 1)
      assert.deepEqual(await counts(s, code), { redemptions: 1, customersRedeemed: 0, status: 'used_up' })
      const next = await cartOf(s, shoppers[0]!, s.us, 1)
      assert.equal(await next.apply(code), '400 coupon_redemptions_exceeded')
    })

    test('a per-customer limit of 1: the same customer ordering twice at once, one order takes it', async () => {
      const code = await ownerCreates(s, { perCustomer: 1 })
      const ada = await signedIn(s.app)
      const ready = await Promise.all([readyToOrder(s, ada.token, code), readyToOrder(s, ada.token, code)])
      const results = await Promise.all(ready.map((place) => place()))
      assert.equal(await withCoupon(results, code), 1)
      assert.deepEqual(await counts(s, code), { redemptions: 1, customersRedeemed: 1, status: 'active' })
    })

    test('a declined payment gives the redemption back', async () => {
      const code = await ownerCreates(s, { maxRedemptions: 1, perCustomer: 1 })
      const ada = await signedIn(s.app)
      const { cartId, apply } = await cartOf(s, ada.token, s.us, 2)
      assert.equal(await apply(code), '201')
      const cart = await getCart(s.app, ada.token, cartId)
      const declined = await placeOrder(s.app, ada.token, {
        cartId,
        payment: {
          paymentId: 'test-card',
          customAttributes: { token: await cardToken(s.app, '4000000000000002') },
        },
        currency: 'USD',
        shipping: { methodId: s.methodId, zoneId: s.zoneId, amount: 5.99 },
        totalPrice: Math.round((cart.totalPrice.amount + 5.99) * 100) / 100,
        addresses: [address('SHIPPING'), address('BILLING')],
        customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
      })
      assert.equal(declined.statusCode, 402, declined.body)
      assert.deepEqual(await counts(s, code), { redemptions: 0, customersRedeemed: 0, status: 'active' })
      assert.equal((await order(s, ada.token, code)).statusCode, 201)
    })

    test('a deleted coupon: carts lose it, orders keep its code and amount', async () => {
      const code = await ownerCreates(s)
      const ada = await signedIn(s.app)
      const placed = await order(s, ada.token, code)
      assert.equal(placed.statusCode, 201, placed.body)
      const holding = await cartOf(s, ada.token, s.us, 1)
      assert.equal(await holding.apply(code), '201')
      const gone = await s.app.inject({
        method: 'DELETE',
        url: `/api/owner/coupons/${code}`,
        headers: s.owner.headers,
      })
      assert.equal(gone.statusCode, 204)
      assert.deepEqual((await getCart(s.app, ada.token, holding.cartId)).discounts, [])
      const orders = await s.app.inject({ url: '/api/order/orders', headers: bearer(ada.token) })
      assert.equal(orders.statusCode, 200, orders.body)
      assert.ok(orders.body.includes(code), 'the order keeps the code')
    })
  })
}
