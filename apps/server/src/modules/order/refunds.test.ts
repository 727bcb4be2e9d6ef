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
 * Refunds of single lines and of the rest, idempotent under a double click, with the stock, the provider's
 * ledger, the shopper's order and mail, and the timeline (docs/decisions/0064-refunds-and-timeline.md).
 */
const standIn = await startStripeStandIn()
after(() => standIn.close())

for (const { engine, skip } of testEngines()) {
  describe(`refunds and the timeline on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine, {
      ...FAST_HASH_ENV,
      STRIPE_SECRET_KEY: standIn.secretKey,
      STRIPE_PUBLISHABLE_KEY: standIn.publishableKey,
      STRIPE_API_BASE: standIn.url,
    })
    const db = database.db
    const shop = await shopWithProduct(db)
    await db.updateTable('products').set({ stock: 50 }).where('id', '=', shop.productId).execute()
    const clerk = await signupCustomer(app)
    assert.ok(await setRole(db, clerk.email, 'orders'))
    const catalogue = await signupCustomer(app)
    assert.ok(await setRole(db, catalogue.email, 'catalogue'))
    const order = async () => {
      const pm = await paymentMethodId(standIn, '4242424242424242')
      const ready = await readyToOrder(app, shop, {
        quantity: 2,
        payment: { paymentId: 'stripe', token: pm },
      })
      const placed = await placeOrder(app, ready.token, ready.body)
      assert.equal(placed.statusCode, 201, placed.body)
      const orderId = placed.json().orderId as string
      const intent = [...standIn.paymentIntents.values()].find((i) => i.metadata.order_id === orderId)
      return { orderId, token: ready.token, intentId: intent?.id ?? '' }
    }
    const refund = (orderId: string, payload: object, who = clerk) =>
      app.inject({
        method: 'POST',
        url: `/api/owner/orders/${orderId}/refunds`,
        headers: who.headers,
        payload,
      })
    const refundsAt = (intentId: string) =>
      [...standIn.refunds.values()].filter((r) => r.payment_intent === intentId).map((r) => r.amount)
    const mails = async (orderId: string) =>
      (
        await db
          .selectFrom('mail_messages' as never)
          .select(['subject' as never, 'dedupe_key' as never])
          .where('dedupe_key' as never, 'like', `%${orderId}%` as never)
          .execute()
      ).map((m) => (m as { subject: string }).subject)

    test('one line refunded once under a double click: stock, Stripe, the order, the mail, the timeline', async () => {
      const placed = await order()
      const before = await stockOf(db, shop.productId)
      const payload = {
        key: `refund-${placed.orderId}-1`,
        lines: [{ line: 1, quantity: 1 }],
        reason: 'Scratched',
      }
      const [a, b] = await Promise.all([refund(placed.orderId, payload), refund(placed.orderId, payload)])
      assert.equal(a.statusCode, 200, a.body)
      assert.equal(b.statusCode, 200, b.body)
      // 1 of 2 units at 19.99 with 8.25 % added tax: 19.99 × (39.98 + 3.30) / 39.98 = 21.64
      assert.deepEqual(refundsAt(placed.intentId), [2164])
      const again = await refund(placed.orderId, payload)
      assert.equal(again.statusCode, 200)
      assert.deepEqual(refundsAt(placed.intentId), [2164])
      const seen = again.json()
      assert.equal(seen.refunds.length, 1)
      assert.deepEqual(seen.refunds[0].lines, [{ entryNumber: 1, quantity: 1 }])
      assert.equal(seen.refunds[0].amount, 21.64)
      assert.equal(seen.refunds[0].reason, 'Scratched')
      assert.equal(seen.totalRefunded, 21.64)
      assert.equal(seen.payments[0].status, 'PARTIALLY_REFUNDED')
      assert.equal(await stockOf(db, shop.productId), before + 1)

      const shopper = await app.inject({
        url: `/api/order/orders/${placed.orderId}`,
        headers: bearer(placed.token),
      })
      assert.equal(shopper.json().totalRefunded, 21.64, shopper.body)
      assert.deepEqual(await mails(placed.orderId), [
        `Your order ${placed.orderId}`,
        `A refund for your order ${placed.orderId}`,
      ])

      // The rest ships; then the rest of the money goes back, and nothing is left.
      for (const status of ['CONFIRMED', 'PAID', 'SHIPPED'])
        assert.equal((await ownerMove(app, clerk.headers, placed.orderId, status)).statusCode, 200)
      const rest = await refund(placed.orderId, {
        key: `rest-${placed.orderId}`,
        lines: [],
        amountMinor: 4927 - 2164,
      })
      assert.equal(rest.statusCode, 200, rest.body)
      assert.equal(rest.json().payments[0].status, 'REFUNDED')
      assert.deepEqual(refundsAt(placed.intentId), [2164, 2763])
      const none = await refund(placed.orderId, { key: `more-${placed.orderId}`, lines: [], amountMinor: 1 })
      assert.equal(none.statusCode, 409)
      assert.equal(none.json().type, 'nothing_to_refund')

      const timeline = (
        await app.inject({ url: `/api/owner/orders/${placed.orderId}/timeline`, headers: clerk.headers })
      ).json()
      const kinds = timeline.events.map((e: { kind: string }) => e.kind)
      assert.deepEqual(kinds.slice(0, 2), ['placed', 'paid'])
      assert.equal(kinds.filter((k: string) => k === 'refund').length, 2)
      assert.equal(kinds.filter((k: string) => k === 'status').length, 3)
      assert.ok(kinds.includes('mail'))
      const first = timeline.events.find((e: { kind: string }) => e.kind === 'refund')
      assert.equal(first.actor, clerk.email)
      assert.equal(first.detail.amountMinor, 2164)
      assert.equal(first.detail.reason, 'Scratched')
      // The activity page's audit log has them too: two refunds and three moves of this order, by the clerk.
      const audited = await db
        .selectFrom('audit_log' as never)
        .select(['actor_email' as never])
        .where('entity' as never, '=', 'order' as never)
        .where('entity_id' as never, '=', placed.orderId as never)
        .execute()
      assert.equal(audited.length, 5)
      assert.ok(audited.every((a) => (a as { actor_email: string }).actor_email === clerk.email))
      const shipped = timeline.events.find(
        (e: { kind: string; detail: { to?: string } }) => e.kind === 'status' && e.detail.to === 'SHIPPED',
      )
      assert.equal(shipped.actor, clerk.email)
    })

    test('too many units, an unknown line, too much money and a catalogue clerk are refused; nothing changes', async () => {
      const placed = await order()
      const before = await stockOf(db, shop.productId)
      const many = await refund(placed.orderId, { key: 'too-many-units', lines: [{ line: 1, quantity: 3 }] })
      assert.equal(many.statusCode, 400, many.body)
      assert.equal(many.json().details[0].field, 'body.lines.0.quantity')
      const unknown = await refund(placed.orderId, { key: 'unknown-line', lines: [{ line: 9, quantity: 1 }] })
      assert.equal(unknown.statusCode, 400)
      assert.equal(unknown.json().details[0].field, 'body.lines.0.line')
      const empty = await refund(placed.orderId, { key: 'nothing-chosen', lines: [] })
      assert.equal(empty.statusCode, 400)
      const much = await refund(placed.orderId, { key: 'too-much-money', lines: [], amountMinor: 4928 })
      assert.equal(much.statusCode, 409, much.body)
      assert.equal(much.json().type, 'refund_too_large')
      const forbidden = await refund(
        placed.orderId,
        { key: 'not-my-job', lines: [], amountMinor: 100 },
        catalogue,
      )
      assert.equal(forbidden.statusCode, 403)
      assert.deepEqual(refundsAt(placed.intentId), [])
      assert.equal(await stockOf(db, shop.productId), before)
      const reused = await refund(placed.orderId, {
        key: `refund-${placed.orderId}-1`,
        lines: [],
        amountMinor: 1,
      })
      assert.equal(reused.statusCode, 200, 'a key of this order that never refunded is free to use')
    })

    test('a decline after a refund returns only the rest: the units not restocked and the money left', async () => {
      const placed = await order()
      const before = await stockOf(db, shop.productId)
      const res = await refund(placed.orderId, {
        key: `part-${placed.orderId}`,
        lines: [{ line: 1, quantity: 1 }],
      })
      assert.equal(res.statusCode, 200, res.body)
      assert.equal(await stockOf(db, shop.productId), before + 1)
      const declined = await ownerMove(app, clerk.headers, placed.orderId, 'DECLINED')
      assert.equal(declined.statusCode, 200, declined.body)
      assert.equal(await stockOf(db, shop.productId), before + 2)
      assert.deepEqual(refundsAt(placed.intentId), [2164, 4927 - 2164])
      const stored = await db
        .selectFrom('orders')
        .select('refunded_minor')
        .where('id', '=', placed.orderId)
        .executeTakeFirstOrThrow()
      assert.equal(stored.refunded_minor, 4927)
    })
  })

  describe(`refunds with the test card provider on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine, FAST_HASH_ENV)
    const db = database.db
    const shop = await shopWithProduct(db)
    const clerk = await signupCustomer(app)
    assert.ok(await setRole(db, clerk.email, 'orders'))
    const refund = (orderId: string, payload: object) =>
      app.inject({
        method: 'POST',
        url: `/api/owner/orders/${orderId}/refunds`,
        headers: clerk.headers,
        payload,
      })
    const mails = async (orderId: string) =>
      (
        await db
          .selectFrom('mail_messages' as never)
          .select(['subject' as never, 'dedupe_key' as never])
          .where('dedupe_key' as never, 'like', `%${orderId}%` as never)
          .execute()
      ).map((m) => (m as { subject: string }).subject)

    test('the test card provider keeps one refund per key, and the confirmation goes out again as it was', async () => {
      const ready = await readyToOrder(app, shop, { quantity: 2 })
      const placed = await placeOrder(app, ready.token, ready.body)
      const orderId = placed.json().orderId as string
      const payload = { key: `card-${orderId}`, lines: [{ line: 1, quantity: 2 }], restock: false }
      const [a, b] = await Promise.all([refund(orderId, payload), refund(orderId, payload)])
      assert.equal(a.statusCode, 200, a.body)
      assert.equal(b.statusCode, 200, b.body)
      const ledger = await db
        .selectFrom('card_refunds' as never)
        .select('amount_minor' as never)
        .where('id' as never, '=', `card-${orderId}` as never)
        .execute()
      // both units and their tax, not the shipping
      assert.deepEqual(
        ledger.map((r) => (r as { amount_minor: number }).amount_minor),
        [4328],
      )
      const resent = await app.inject({
        method: 'POST',
        url: `/api/owner/orders/${orderId}/confirmation-mail`,
        headers: clerk.headers,
      })
      assert.equal(resent.statusCode, 204, resent.body)
      assert.deepEqual((await mails(orderId)).filter((s) => s === `Your order ${orderId}`).length, 2)
      const timeline = (
        await app.inject({ url: `/api/owner/orders/${orderId}/timeline`, headers: clerk.headers })
      ).json()
      const again = timeline.events.find((e: { kind: string }) => e.kind === 'mail_again')
      assert.equal(again.actor, clerk.email)
    })
  })
}
