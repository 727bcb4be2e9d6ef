import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { describe, test } from 'node:test'
import { productYrn } from '@shop/contracts/yrn'
import type { FastifyInstance } from 'fastify'
import { issueToken } from '../../platform/auth/tokens.ts'
import type { Db } from '../../platform/db/database.ts'
import {
  insertCoupon,
  insertItemFee,
  insertProduct,
  insertShippingZone,
  insertSite,
} from '../../platform/testing/fixtures.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { placeOrder, readyToOrder, shopWithProduct } from '../checkout/checkout.testing.ts'
import { addItem, anonymousToken, bearer, createCart, getCart } from './cart.testing.ts'

async function customerToken(db: Db, customerId: string, sessionId = randomUUID()) {
  return (await issueToken(db, { sessionId, customerId }, 3599)).accessToken
}

const call = (app: FastifyInstance, token: string, method: string, url: string, payload?: object) =>
  app.inject({ method: method as 'GET', url, headers: bearer(token), ...(payload && { payload }) })

async function shop(engine: 'sqlite' | 'postgres') {
  const { app, database } = await createTestApp(engine)
  const db = database.db
  const siteCode = await insertSite(db, { currency: 'USD', taxRate: 1000 })
  const euSite = await insertSite(db, { currency: 'EUR', taxRate: 1900, taxIncluded: true })
  const productId = await insertProduct(db, {
    name: 'Mug',
    prices: { USD: { effective: 2000, original: 2000 }, EUR: { effective: 1800, original: 1800 } },
  })
  return { app, db, siteCode, euSite, productId, yrn: productYrn(productId) }
}

for (const { engine, skip } of testEngines()) {
  describe(`cart pricing on ${engine}`, { skip }, () => {
    test('coupons: apply, list, each §8 failure, remove one, remove all', async () => {
      const { app, db, siteCode, yrn } = await shop(engine)
      const token = await anonymousToken(app)
      const cartId = await createCart(app, token, siteCode)
      await addItem(app, token, cartId, { itemYrn: yrn, quantity: 3 }) // 60.00
      const apply = (code: string, t = token) =>
        call(app, t, 'POST', `/api/cart/carts/${cartId}/discounts`, { code })
      const detail = async (code: string, status: number, t = token) => {
        const res = await apply(code, t)
        assert.equal(res.statusCode, status, `${code}: ${res.body}`)
        return res.json().details?.[0]?.type
      }
      const abs = await insertCoupon(db, { amountMinor: 500 })
      const pct = await insertCoupon(db, { discountType: 'PERCENT', percentage: 10 })
      assert.equal(await detail('NOPE', 404), undefined)
      assert.equal((await apply('bad code!')).statusCode, 400)
      assert.equal(
        await detail(await insertCoupon(db, { validFrom: '2999-01-01T00:00:00.000Z' }), 400),
        'coupon_not_active',
      )
      assert.equal(
        await detail(await insertCoupon(db, { validUntil: '2020-01-01T00:00:00.000Z' }), 400),
        'coupon_expired',
      )
      assert.equal(
        await detail(await insertCoupon(db, { maxRedemptions: 1, redemptions: 1 }), 400),
        'coupon_redemptions_exceeded',
      )
      assert.equal(
        await detail(await insertCoupon(db, { minOrderMinor: 6001 }), 400),
        'coupon_order_total_too_low',
      )
      assert.equal(
        await detail(await insertCoupon(db, { currency: 'EUR' }), 400),
        'coupon_currency_incorrect',
      )
      const members = await insertCoupon(db, { customersOnly: true })
      assert.equal(await detail(members, 403), 'coupon_redemption_forbidden')

      assert.equal((await apply(abs)).statusCode, 201)
      assert.equal((await apply(pct)).statusCode, 201)
      let cart = await getCart(app, token, cartId)
      assert.deepEqual(
        cart.discounts.map((d: { code: string }) => d.code),
        [abs, pct],
      )
      assert.equal(cart.totalDiscount.amount, 11) // 5.00 + 10 % of 60.00
      assert.equal(cart.totalPrice.amount, 53.9) // (60 − 11) × 1.10
      const coupon = await call(app, token, 'GET', `/api/coupon/coupons/${pct}`)
      assert.equal(coupon.statusCode, 200)
      assert.equal(coupon.json().discountPercentage, 10)
      assert.equal((await call(app, token, 'GET', '/api/coupon/coupons/NOPE')).statusCode, 404)

      const first = cart.discounts[0].id
      assert.equal(
        (await call(app, token, 'DELETE', `/api/cart/carts/${cartId}/discounts/${first}`)).statusCode,
        204,
      )
      assert.equal(
        (await call(app, token, 'DELETE', `/api/cart/carts/${cartId}/discounts/${first}`)).statusCode,
        404,
      )
      cart = await getCart(app, token, cartId)
      assert.deepEqual(
        cart.discounts.map((d: { code: string }) => d.code),
        [pct],
      )
      assert.equal((await call(app, token, 'DELETE', `/api/cart/carts/${cartId}/discounts`)).statusCode, 204)
      assert.equal((await getCart(app, token, cartId)).discounts.length, 0)
    })

    test('a coupon whose minimum is no longer reached stays listed, not applied', async () => {
      const { app, db, siteCode, yrn } = await shop(engine)
      const token = await anonymousToken(app)
      const cartId = await createCart(app, token, siteCode)
      const itemId = await addItem(app, token, cartId, { itemYrn: yrn, quantity: 3 })
      const code = await insertCoupon(db, { amountMinor: 1000, minOrderMinor: 5000 })
      assert.equal(
        (await call(app, token, 'POST', `/api/cart/carts/${cartId}/discounts`, { code })).statusCode,
        201,
      )
      await call(app, token, 'PUT', `/api/cart/carts/${cartId}/items/${itemId}?partial=true`, { quantity: 1 })
      const cart = await getCart(app, token, cartId)
      assert.equal(cart.discounts[0].applied, false)
      assert.equal(cart.discounts[0].problem, 'coupon_order_total_too_low')
      assert.equal(cart.totalDiscount.amount, 0)
    })

    test('a signed-in customer may redeem a customers-only coupon', async () => {
      const { app, db, siteCode, yrn } = await shop(engine)
      const token = await customerToken(db, 'cust-1')
      const cartId = await createCart(app, token, siteCode)
      await addItem(app, token, cartId, { itemYrn: yrn, quantity: 1 })
      const code = await insertCoupon(db, { customersOnly: true, discountType: 'PERCENT', percentage: 20 })
      assert.equal(
        (await call(app, token, 'POST', `/api/cart/carts/${cartId}/discounts`, { code })).statusCode,
        201,
      )
      assert.equal((await getCart(app, token, cartId)).totalDiscount.amount, 4)
    })

    test('tax estimate: both fields required, stored on the cart, tax only for US and CA', async () => {
      const { app, siteCode, yrn } = await shop(engine)
      const token = await anonymousToken(app)
      const cartId = await createCart(app, token, siteCode)
      await addItem(app, token, cartId, { itemYrn: yrn, quantity: 1 })
      const put = (payload: object) => call(app, token, 'PUT', `/api/cart/carts/${cartId}`, payload)
      assert.equal((await put({ countryCode: 'US' })).statusCode, 400)
      assert.equal((await put({ zipCode: '10001' })).statusCode, 400)
      assert.equal((await put({ countryCode: 'US', zipCode: '' })).statusCode, 400)
      const us = await put({ countryCode: 'US', zipCode: '10001' })
      assert.equal(us.statusCode, 200)
      assert.equal(us.json().totalTax.amount, 2)
      const reread = await getCart(app, token, cartId)
      assert.equal(reread.countryCode, 'US')
      assert.equal(reread.zipCode, '10001')
      assert.equal((await put({ countryCode: 'DE', zipCode: '10115' })).json().totalTax.amount, 0)
      assert.equal((await put({ countryCode: 'CA', zipCode: 'M5V 2T6' })).json().totalTax.amount, 2)
    })

    test('cart shipping: the cheapest method of the estimate country, named; none while unknown', async () => {
      const { app, db, siteCode, yrn } = await shop(engine)
      const { zoneId, methodIds } = await insertShippingZone(db, { siteCode, shipTo: ['US'] })
      const token = await anonymousToken(app)
      const cartId = await createCart(app, token, siteCode)
      await addItem(app, token, cartId, { itemYrn: yrn, quantity: 1 })
      const before = await getCart(app, token, cartId)
      assert.equal(before.shippingMethod, null, 'no country: shipping is not known yet')
      assert.equal(before.shippingCost.amount, 0)
      const put = (payload: object) => call(app, token, 'PUT', `/api/cart/carts/${cartId}`, payload)
      const us = (await put({ countryCode: 'US', zipCode: '10001' })).json()
      assert.equal(us.shippingMethod?.id, methodIds[0])
      assert.equal(us.shippingMethod?.zoneId, zoneId)
      assert.ok(us.shippingMethod?.name)
      assert.equal(us.shippingCost.amount, 5.99)
      const ca = (await put({ countryCode: 'CA', zipCode: 'M5V 2T6' })).json()
      assert.equal(ca.shippingMethod, null, 'no zone serves CA: shipping is not known')
      assert.equal(ca.shippingCost.amount, 0)
    })

    test('fees: item fees search and list; in the cart totals', async () => {
      const { app, siteCode, productId, yrn, db } = await shop(engine)
      await insertItemFee(db, { productId, siteCode, type: 'ABSOLUTE', amountMinor: 150 })
      await insertItemFee(db, {
        productId,
        siteCode,
        type: 'ABSOLUTE_MULTIPLY_ITEMQUANTITY',
        amountMinor: 25,
      })
      const search = await app.inject({
        method: 'POST',
        url: '/api/fee/itemFees/search',
        payload: { itemYrns: [yrn], siteCode },
      })
      assert.equal(search.statusCode, 200)
      assert.equal(search.json()[0].fees.length, 2)
      assert.equal(search.json()[0].itemYrn, yrn)
      const bad = await app.inject({
        method: 'POST',
        url: '/api/fee/itemFees/search',
        payload: { itemYrns: ['x'], siteCode },
      })
      assert.equal(bad.statusCode, 400)
      const list = await app.inject({ method: 'GET', url: `/api/fee/fees?siteCode=${siteCode}` })
      assert.equal(list.json().length, 2)
      const token = await anonymousToken(app)
      const cartId = await createCart(app, token, siteCode)
      await addItem(app, token, cartId, { itemYrn: yrn, quantity: 4 })
      assert.equal((await getCart(app, token, cartId)).totalFees.amount, 2.5) // 1.50 + 4 × 0.25
    })

    test('shipping: quote cheapest first, cost lookup with 404 for no match', async () => {
      const { app, db, siteCode } = await shop(engine)
      const { zoneId, methodIds } = await insertShippingZone(db, {
        siteCode,
        shipTo: ['US'],
        methods: [
          { name: 'Express', fees: [{ minOrderMinor: 0, feeMinor: 1999 }] },
          {
            name: 'Standard',
            fees: [
              { minOrderMinor: 0, feeMinor: 599 },
              { minOrderMinor: 7500, feeMinor: 0 },
            ],
          },
        ],
      })
      const quote = (amount: number, countryCode = 'US') =>
        app.inject({
          method: 'POST',
          url: `/api/shipping/${siteCode}/quote`,
          payload: { cartTotal: { amount, currency: 'USD' }, shipToAddress: { countryCode } },
        })
      const q = (await quote(20)).json()
      assert.deepEqual(
        q.map((m: { name: string }) => m.name),
        ['Standard', 'Express'],
      )
      assert.equal(q[0].selected, true)
      assert.equal(q[0].fee.amount, 5.99)
      assert.equal((await quote(80)).json()[0].fee.amount, 0)
      assert.deepEqual((await quote(20, 'FR')).json(), [])
      const cost = await app.inject({
        method: 'GET',
        url: `/api/shipping/${siteCode}/shippingcosts?countryCode=US&amount=20&currency=USD&methodId=${methodIds[1]}&zoneId=${zoneId}`,
      })
      assert.equal(cost.statusCode, 200)
      assert.equal(cost.json().price.amount, 5.99)
      const none = await app.inject({
        method: 'GET',
        url: `/api/shipping/${siteCode}/shippingcosts?countryCode=FR&amount=20&currency=USD`,
      })
      assert.equal(none.statusCode, 404)
    })

    test('calculation: from the cart or from items, client prices ignored, shipping quoted', async () => {
      const { app, db, siteCode, yrn } = await shop(engine)
      const { zoneId, methodIds } = await insertShippingZone(db, { siteCode, shipTo: ['US'] })
      const code = await insertCoupon(db, { amountMinor: 500 })
      const token = await anonymousToken(app)
      const cartId = await createCart(app, token, siteCode)
      const itemId = await addItem(app, token, cartId, { itemYrn: yrn, quantity: 2 })
      const post = (payload: object) => call(app, token, 'POST', '/api/cart/calculation', payload)
      const fromCart = await post({
        cartId,
        siteCode,
        currency: 'USD',
        items: [{ itemId, itemYrn: yrn, quantity: 99, unitPrice: { amount: 0.01 } }],
        discounts: [{ code }],
        addresses: [{ type: 'SHIP_TO', countryCode: 'US', zipCode: '10001' }],
        shipping: { calculationType: 'QUOTATION', methodId: methodIds[0], zoneId },
      })
      assert.equal(fromCart.statusCode, 200, fromCart.body)
      const c = fromCart.json()
      assert.equal(c.subTotalPrice.amount, 40)
      assert.equal(c.totalDiscount.amount, 5)
      assert.equal(c.totalTax.amount, 3.5)
      assert.equal(c.shippingCost.amount, 5.99)
      assert.equal(c.totalPrice.amount, 44.49)
      const fromItems = await post({ siteCode, items: [{ itemYrn: yrn, quantity: 1, unitPrice: 0 }] })
      assert.equal(fromItems.statusCode, 200, fromItems.body)
      assert.equal(fromItems.json().totalPrice.amount, 22)
      assert.equal(
        (await post({ siteCode, currency: 'EUR', items: [{ itemYrn: yrn, quantity: 1 }] })).statusCode,
        400,
      )
      assert.equal((await post({ siteCode })).statusCode, 400)
      assert.equal(
        (
          await post({
            siteCode,
            items: [{ itemYrn: yrn, quantity: 1 }],
            shipping: { methodId: methodIds[0], zoneId },
          })
        ).statusCode,
        400,
      )
    })

    test('changeSite moves the cart to the new currency and prices', async () => {
      const { app, db, siteCode, euSite, yrn } = await shop(engine)
      const token = await anonymousToken(app)
      const cartId = await createCart(app, token, siteCode)
      await addItem(app, token, cartId, { itemYrn: yrn, quantity: 2 })
      await call(app, token, 'POST', `/api/cart/carts/${cartId}/discounts`, {
        code: await insertCoupon(db, {}),
      })
      const res = await call(app, token, 'POST', `/api/cart/carts/${cartId}/changeSite`, { siteCode: euSite })
      assert.equal(res.statusCode, 200, res.body)
      const cart = res.json()
      assert.equal(cart.siteCode, euSite)
      assert.equal(cart.currency, 'EUR')
      assert.equal(cart.subTotalPrice.amount, 36)
      assert.equal(cart.discounts.length, 0, 'the USD coupon is dropped')
      assert.equal(
        (await call(app, token, 'POST', `/api/cart/carts/${cartId}/changeSite`, { siteCode: 'nope' }))
          .statusCode,
        400,
      )
    })

    test('login merge: the anonymous cart merges into the customer’s; same items add up', async () => {
      const { app, db, siteCode, yrn } = await shop(engine)
      const other = productYrn(
        await insertProduct(db, { prices: { USD: { effective: 100, original: 100 } } }),
      )
      const sessionId = randomUUID()
      const anon = (await issueToken(db, { sessionId, customerId: null }, 3599)).accessToken
      const anonCart = await createCart(app, anon, siteCode)
      await addItem(app, anon, anonCart, { itemYrn: yrn, quantity: 2 })
      await addItem(app, anon, anonCart, { itemYrn: other, quantity: 1 })

      const customer = await customerToken(db, 'cust-merge', sessionId)
      const list = (t = customer) =>
        call(app, t, 'GET', `/api/cart/carts?customerId=cust-merge&siteCode=${siteCode}`)
      assert.deepEqual((await list()).json(), [])
      assert.equal((await list(anon)).statusCode, 403)
      const customerCart = await createCart(app, customer, siteCode)
      await addItem(app, customer, customerCart, { itemYrn: yrn, quantity: 1 })
      assert.equal((await list()).json().length, 1)

      const merged = await call(app, customer, 'POST', `/api/cart/carts/${customerCart}/merge`, {
        carts: [anonCart],
      })
      assert.equal(merged.statusCode, 200, merged.body)
      const cart = merged.json()
      assert.equal(cart.items.length, 2)
      assert.equal(cart.items.find((i: { itemYrn: string }) => i.itemYrn === yrn).quantity, 3)
      assert.equal(cart.totalUnitsCount, 4)
      assert.equal(
        (await call(app, anon, 'GET', `/api/cart/carts/${anonCart}`)).statusCode,
        404,
        'merged cart is closed',
      )
      const stranger = await customerToken(db, 'cust-other')
      const strangerCart = await createCart(app, stranger, siteCode)
      assert.equal(
        (
          await call(app, customer, 'POST', `/api/cart/carts/${customerCart}/merge`, {
            carts: [strangerCart],
          })
        ).statusCode,
        404,
      )
    })

    test('an order takes the cart’s coupons into its total and counts each redemption once', async () => {
      const { app, database } = await createTestApp(engine)
      const shopData = await shopWithProduct(database.db)
      const code = await insertCoupon(database.db, {
        discountType: 'PERCENT',
        percentage: 10,
        maxRedemptions: 1,
      })
      const token = await anonymousToken(app)
      const cartId = await createCart(app, token, shopData.siteCode)
      await addItem(app, token, cartId, { productId: shopData.productId, quantity: 2 })
      assert.equal(
        (await call(app, token, 'POST', `/api/cart/carts/${cartId}/discounts`, { code })).statusCode,
        201,
      )
      const cart = await getCart(app, token, cartId)
      assert.equal(cart.totalDiscount.amount, 4) // 10 % of 39.98 = 3.998 → 4.00
      const { body } = await readyToOrder(app, shopData, { token })
      const order = await placeOrder(app, token, {
        ...body,
        cartId,
        totalPrice: Math.round((cart.totalPrice.amount + 5.99) * 100) / 100,
      })
      assert.equal(order.statusCode, 201, order.body)
      const row = await database.db
        .selectFrom('coupons')
        .select('redemptions')
        .where('code', '=', code)
        .executeTakeFirst()
      assert.equal(row?.redemptions, 1)
      // used up now: a second cart cannot redeem it
      const next = await createCart(app, token, shopData.siteCode)
      await addItem(app, token, next, { productId: shopData.productId, quantity: 1 })
      const again = await call(app, token, 'POST', `/api/cart/carts/${next}/discounts`, { code })
      assert.equal(again.json().details[0].type, 'coupon_redemptions_exceeded')
    })

    test('notes: save, and an empty note removes it', async () => {
      const { app, siteCode, yrn } = await shop(engine)
      const token = await anonymousToken(app)
      const cartId = await createCart(app, token, siteCode)
      const itemId = await addItem(app, token, cartId, { itemYrn: yrn, quantity: 1 })
      const put = (comment: string) =>
        call(app, token, 'PUT', `/api/cart/carts/${cartId}/items/${itemId}?partial=true`, {
          mixins: { note: { comment } },
        })
      assert.equal((await put('gift wrap please')).json().items[0].mixins.note.comment, 'gift wrap please')
      assert.deepEqual((await put('  ')).json().items[0].mixins, {})
    })
  })
}
