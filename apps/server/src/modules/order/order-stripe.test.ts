import assert from 'node:assert/strict'
import { after, describe, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../platform/db/database.ts'
import { startStripeStandIn } from '../../platform/testing/stripe-stand-in.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { FAST_HASH_ENV, signupCustomer } from '../auth/auth.testing.ts'
import { addItem, anonymousToken, bearer, createCart, getCart } from '../cart/cart.testing.ts'
import { address, placeOrder, shopWithProduct } from '../checkout/checkout.testing.ts'
import { setRole } from './owner.ts'

/**
 * Cancel and decline of orders paid through Stripe (its loopback stand-in). A file of its own: the payment
 * configuration of the checkout's calls is per process (docs/decisions/0009-stripe.md), and every app of
 * this file uses the same Stripe account.
 */
const stockOf = async (db: Db, id: string) =>
  (await db.selectFrom('products').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock

const move = (app: FastifyInstance, headers: Record<string, string>, orderId: string, status: string) =>
  app.inject({
    method: 'POST',
    url: `/api/owner/orders/${orderId}/transitions`,
    headers,
    payload: { status },
  })

/** One Stripe account for the whole file: the checkout charges through the process's last configured app. */
const standIn = await startStripeStandIn()
after(() => standIn.close())

for (const { engine, skip } of testEngines()) {
  describe(`cancel with Stripe on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine, {
      ...FAST_HASH_ENV,
      STRIPE_SECRET_KEY: standIn.secretKey,
      STRIPE_PUBLISHABLE_KEY: standIn.publishableKey,
      STRIPE_API_BASE: standIn.url,
    })
    const shop = await shopWithProduct(database.db)
    const owner = await signupCustomer(app)
    await setRole(database.db, owner.email, 'owner')
    const stripeOrder = async () => {
      const token = await anonymousToken(app)
      const cartId = await createCart(app, token, shop.siteCode)
      await addItem(app, token, cartId, { productId: shop.productId, quantity: 1 })
      const cart = await getCart(app, token, cartId)
      const pm = await fetch(`${standIn.url}/v1/payment_methods`, {
        method: 'POST',
        body: new URLSearchParams({
          type: 'card',
          'card[number]': '4242424242424242',
          'card[exp_month]': '12',
          'card[exp_year]': String(new Date().getUTCFullYear() + 1),
          'card[cvc]': '123',
          key: standIn.publishableKey,
        }),
      }).then((r) => r.json() as Promise<{ id: string }>)
      const placed = await placeOrder(app, token, {
        cartId,
        payment: { paymentId: 'stripe', customAttributes: { token: pm.id } },
        currency: 'USD',
        shipping: { methodId: shop.methodId, zoneId: shop.zoneId },
        totalPrice: Math.round((cart.totalPrice.amount + 5.99) * 100) / 100,
        addresses: [address('SHIPPING')],
        customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
      })
      assert.equal(placed.statusCode, 201, placed.body)
      const orderId = placed.json().orderId as string
      const intent = [...standIn.paymentIntents.values()].find((i) => i.metadata.order_id === orderId)
      assert.ok(intent)
      return { orderId, token, intentId: intent.id }
    }
    const refundsOf = (intentId: string) =>
      [...standIn.refunds.values()].filter((r) => r.payment_intent === intentId).length
    const cancel = (order: { orderId: string; token: string }) =>
      app.inject({
        method: 'POST',
        url: `/api/order/orders/${order.orderId}/transitions`,
        headers: bearer(order.token),
        payload: { status: 'DECLINED' },
      })

    test('customer cancel and owner decline refund the PaymentIntent at Stripe', async () => {
      const byCustomer = await stripeOrder()
      const cancelled = await cancel(byCustomer)
      assert.equal(cancelled.statusCode, 200, cancelled.body)
      assert.equal(refundsOf(byCustomer.intentId), 1)

      const byOwner = await stripeOrder()
      await move(app, owner.headers, byOwner.orderId, 'CONFIRMED')
      await move(app, owner.headers, byOwner.orderId, 'PAID')
      assert.equal(refundsOf(byOwner.intentId), 0)
      const declined = await move(app, owner.headers, byOwner.orderId, 'DECLINED')
      assert.equal(declined.statusCode, 200, declined.body)
      assert.equal(refundsOf(byOwner.intentId), 1)
      assert.equal(await stockOf(database.db, shop.productId), 5)
    })

    test('a refund Stripe refuses leaves the order as it was (502); the retry refunds once', async () => {
      const placed = await stripeOrder()
      const stored = await database.db
        .selectFrom('orders')
        .select('payment')
        .where('id', '=', placed.orderId)
        .executeTakeFirstOrThrow()
      const setCharge = (chargeId: string) =>
        database.db
          .updateTable('orders')
          .set({ payment: JSON.stringify({ ...JSON.parse(stored.payment), chargeId }) })
          .where('id', '=', placed.orderId)
          .execute()
      await setCharge('pi_unknown_to_stripe')
      const failed = await cancel(placed)
      assert.equal(failed.statusCode, 502, failed.body)
      assert.equal(failed.json().type, 'refund_failed')
      const row = await database.db
        .selectFrom('orders')
        .select(['status', 'payment'])
        .where('id', '=', placed.orderId)
        .executeTakeFirstOrThrow()
      assert.equal(row.status, 'CREATED')
      assert.equal(JSON.parse(row.payment).status, 'PAID')
      assert.equal(await stockOf(database.db, shop.productId), 4)
      await setCharge(placed.intentId)
      const retried = await cancel(placed)
      assert.equal(retried.statusCode, 200, retried.body)
      assert.equal(refundsOf(placed.intentId), 1)
      assert.equal(await stockOf(database.db, shop.productId), 5)
    })
  })
}
