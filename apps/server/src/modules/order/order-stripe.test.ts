import assert from 'node:assert/strict'
import { after, describe, test } from 'node:test'
import { paymentMethodId, startStripeStandIn } from '../../platform/testing/stripe-stand-in.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { FAST_HASH_ENV, signupCustomer } from '../auth/auth.testing.ts'
import { bearer } from '../cart/cart.testing.ts'
import { placeOrder, readyToOrder, shopWithProduct, stockOf } from '../checkout/checkout.testing.ts'
import { setRole } from '../customer/customer.service.ts'
import { ownerMove } from './order.testing.ts'

/**
 * Cancel and decline of orders paid through Stripe (its loopback stand-in), one stand-in for the whole file.
 */
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
      const pm = await paymentMethodId(standIn, '4242424242424242')
      const { token, body } = await readyToOrder(app, shop, {
        quantity: 1,
        payment: { paymentId: 'stripe', token: pm },
      })
      const placed = await placeOrder(app, token, body)
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
      await ownerMove(app, owner.headers, byOwner.orderId, 'CONFIRMED')
      await ownerMove(app, owner.headers, byOwner.orderId, 'PAID')
      assert.equal(refundsOf(byOwner.intentId), 0)
      const declined = await ownerMove(app, owner.headers, byOwner.orderId, 'DECLINED')
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
