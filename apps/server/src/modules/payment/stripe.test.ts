import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import type { Db } from '../../platform/db/database.ts'
import {
  createPaymentMethod,
  paymentMethodId,
  type StripeStandIn,
  startStripeStandIn,
} from '../../platform/testing/stripe-stand-in.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { anonymousToken, bearer } from '../cart/cart.testing.ts'
import { recoverStaleAttempts } from '../checkout/checkout.sweep.ts'
import { placeOrder, readyToOrder, shopWithProduct, stockOf } from '../checkout/checkout.testing.ts'
import { listMessages } from '../mail/mail.repository.ts'
import { createStripeProvider } from './stripe.provider.ts'

const year = new Date().getUTCFullYear()

/** The bank's side of a 3-D Secure challenge (what the stand-in's challenge page posts). */
const authenticate = (standIn: StripeStandIn, clientSecret: string, outcome: 'succeeded' | 'failed') =>
  fetch(`${standIn.url}/v1/payment_intents/${clientSecret.split('_secret_')[0]}/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ key: standIn.publishableKey, client_secret: clientSecret, outcome }),
  })
const attemptRows = (db: Db) =>
  sql<{
    status: string
    charge_id: string | null
  }>`select status, charge_id from payment_attempts order by created_at, id`
    .execute(db)
    .then((r) => r.rows.map(({ status, charge_id }) => ({ status, charge_id })))
const attemptIds = (db: Db) =>
  sql<{ id: string }>`select id from payment_attempts order by created_at, id`
    .execute(db)
    .then((r) => r.rows.map((a) => a.id))
const orderCount = async (db: Db) => (await db.selectFrom('orders').select('id').execute()).length

/** Every row of every table, as text, to look for card data. */
async function everything(db: Db): Promise<string> {
  const tables = await db.introspection.getTables()
  assert.ok(tables.length > 10)
  const rows = await Promise.all(
    tables.map((t) => sql`select * from ${sql.table(t.name)}`.execute(db).then((r) => r.rows)),
  )
  return JSON.stringify(rows)
}

describe('Stripe stand-in and provider', () => {
  let standIn: StripeStandIn
  before(async () => {
    standIn = await startStripeStandIn()
  })
  after(() => standIn.close())
  const provider = () => createStripeProvider({ secretKey: standIn.secretKey, apiBase: standIn.url })
  const db = undefined as unknown as Db // an external provider does not use the shop's transaction
  /** A charge of a fresh payment method of card `number`. */
  const charge = async (number: string, amountMinor: number, currency: string, idempotencyKey: string) =>
    provider().charge(
      { token: await paymentMethodId(standIn, number), amountMinor, currency, idempotencyKey },
      db,
    )

  test('payment methods need a known key and valid card data', async () => {
    const wrongKey = await createPaymentMethod(standIn, '4242424242424242', { key: 'pk_test_wrong' })
    assert.equal(wrongKey.status, 401)
    const badNumber = await createPaymentMethod(standIn, '4242424242424241')
    assert.equal(badNumber.status, 402)
    assert.equal(badNumber.body.error?.code, 'incorrect_number')
    const badCvc = await createPaymentMethod(standIn, '4242424242424242', { 'card[cvc]': '1' })
    assert.equal(badCvc.body.error?.code, 'invalid_cvc')
    const ok = await createPaymentMethod(standIn, '4242424242424242')
    assert.match(ok.body.id, /^pm_/)
    assert.ok(!JSON.stringify(ok.body).includes('4242424242424242'))
  })

  test('a publishable key cannot charge; a wrong secret key is a processing error', async () => {
    const pm = await paymentMethodId(standIn, '4242424242424242')
    const res = await fetch(`${standIn.url}/v1/payment_intents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${standIn.publishableKey}` },
      body: new URLSearchParams({ amount: '100', currency: 'usd', payment_method: pm, confirm: 'true' }),
    })
    assert.equal(res.status, 403)
    const wrong = createStripeProvider({ secretKey: 'sk_test_wrong', apiBase: standIn.url })
    const result = await wrong.charge(
      { token: pm, amountMinor: 100, currency: 'USD', idempotencyKey: 'ORD-WRONGKEY' },
      db,
    )
    assert.equal(!result.ok && result.code, 'processing_error')
  })

  test('charge succeeds with brand and last4; the PaymentIntent holds the amount', async () => {
    const result = await charge('4242424242424242', 4927, 'USD', 'ORD-A')
    assert.ok(result.ok)
    assert.equal(result.brand, 'Visa')
    assert.equal(result.last4, '4242')
    const intent = standIn.paymentIntents.get(result.chargeId)
    assert.equal(intent?.status, 'succeeded')
    assert.equal(intent?.amount, 4927)
    assert.equal(intent?.currency, 'usd')
  })

  test('declined and insufficient funds', async () => {
    const declined = await charge('4000000000000002', 100, 'EUR', 'ORD-B')
    assert.deepEqual(declined, { ok: false, code: 'card_declined', message: 'Your card was declined.' })
    const poor = await charge('4000000000009995', 100, 'EUR', 'ORD-C')
    assert.deepEqual(poor, {
      ok: false,
      code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    })
  })

  test('the same idempotency key replays the first charge; a new key cannot reuse the method', async () => {
    const token = await paymentMethodId(standIn, '4242424242424242')
    const request = { token, amountMinor: 2500, currency: 'USD', idempotencyKey: 'ORD-REPLAY' }
    const before = standIn.paymentIntents.size
    const first = await provider().charge(request, db)
    const second = await provider().charge(request, db)
    assert.ok(first.ok && second.ok)
    assert.equal(second.chargeId, first.chargeId)
    assert.equal(standIn.paymentIntents.size, before + 1)
    const seen = standIn.requests.filter((r) => r.idempotencyKey === 'charge-ORD-REPLAY')
    assert.deepEqual(
      seen.map((r) => r.replayed),
      [false, true],
    )
    const other = await provider().charge({ ...request, amountMinor: 2600 }, db)
    assert.equal(!other.ok && other.code, 'processing_error') // same key, other body: idempotency_error
    const reuse = await provider().charge({ ...request, idempotencyKey: 'ORD-REUSE' }, db)
    assert.equal(!reuse.ok && reuse.code, 'processing_error')
    assert.equal(standIn.paymentIntents.get(first.chargeId)?.amount, 2500)
  })

  test('refund, and a repeated refund is harmless', async () => {
    const result = await charge('4242424242424242', 999, 'USD', 'ORD-R')
    assert.ok(result.ok)
    await provider().refund(result.chargeId, db)
    await provider().refund(result.chargeId, db)
    const refunds = [...standIn.refunds.values()].filter((r) => r.payment_intent === result.chargeId)
    assert.equal(refunds.length, 1)
    assert.equal(refunds[0]?.amount, 999)
    await assert.rejects(provider().refund('pi_unknown', db))
  })

  test('a card that needs 3-D Secure: requires_action with the client secret; the intent is settled later', async () => {
    const request = {
      token: await paymentMethodId(standIn, '4000002500003155'),
      amountMinor: 1500,
      currency: 'EUR',
      idempotencyKey: 'ORD-3DS',
    }
    const result = await provider().charge(request, db)
    assert.ok(!result.ok && result.code === 'requires_action')
    const intent = standIn.paymentIntents.get(result.intentId)
    assert.equal(intent?.status, 'requires_action') // not cancelled: the shopper authenticates now
    assert.equal(result.clientSecret, intent?.client_secret)
    // A recovery asking again replays the same intent.
    const again = await provider().charge(request, db)
    assert.ok(!again.ok && again.code === 'requires_action' && again.intentId === result.intentId)
    const auth = provider().authentication
    assert.ok(auth)
    assert.equal(await auth.retrieve('pi_unknown'), undefined)
    assert.deepEqual(await auth.retrieve(result.intentId), {
      chargeId: result.intentId,
      status: 'requires_action',
      amountMinor: 1500,
      currency: 'EUR',
      reference: 'ORD-3DS',
      brand: 'Visa',
      last4: '3155',
    })
    assert.equal((await authenticate(standIn, result.clientSecret, 'succeeded')).status, 200)
    assert.equal((await auth.retrieve(result.intentId))?.status, 'succeeded')
    // Cancelling a succeeded intent cannot take the money back: the answer says it succeeded.
    assert.equal((await auth.cancel(result.intentId)).status, 'succeeded')

    const failing = await provider().charge(
      { ...request, token: await paymentMethodId(standIn, '4000002500003155'), idempotencyKey: 'ORD-3DS-2' },
      db,
    )
    assert.ok(!failing.ok && failing.code === 'requires_action')
    await authenticate(standIn, failing.clientSecret, 'failed')
    assert.equal((await auth.retrieve(failing.intentId))?.status, 'failed')
    assert.equal((await auth.cancel(failing.intentId)).status, 'failed')
    assert.equal(standIn.paymentIntents.get(failing.intentId)?.status, 'canceled')
    assert.equal((await auth.cancel(failing.intentId)).status, 'failed') // cancelled already counts as done
  })

  test('an unreachable Stripe is a processing error, not an exception', async () => {
    const scratch = await startStripeStandIn()
    const url = scratch.url
    await scratch.close()
    const gone = createStripeProvider({ secretKey: standIn.secretKey, apiBase: url })
    const result = await gone.charge(
      { token: 'pm_x', amountMinor: 100, currency: 'USD', idempotencyKey: 'ORD-GONE' },
      db,
    )
    assert.equal(!result.ok && result.code, 'processing_error')
  })
})

type Shop = Awaited<ReturnType<typeof shopWithProduct>>
/** A cart of 2 × 19.99 USD and its order request (total 49.27 with tax and shipping) paid with Stripe's `pm`. */
const orderWith = (app: FastifyInstance, shop: Shop, pm: string) =>
  readyToOrder(app, shop, { payment: { paymentId: 'stripe', token: pm } })

for (const { engine, skip } of testEngines()) {
  describe(`checkout with Stripe on ${engine}`, { skip }, () => {
    let standIn: StripeStandIn
    before(async () => {
      standIn = await startStripeStandIn()
    })
    after(() => standIn?.close())
    const stripeApp = () =>
      createTestApp(engine, {
        STRIPE_SECRET_KEY: standIn.secretKey,
        STRIPE_PUBLISHABLE_KEY: standIn.publishableKey,
        STRIPE_API_BASE: standIn.url,
        STRIPE_JS_URL: `${standIn.url}/v3`,
      })

    test('the storefront learns the active provider; the test card provider is off', async () => {
      const { app } = await stripeApp()
      const info = await app.inject({ method: 'GET', url: '/api/payments/provider' })
      assert.deepEqual(info.json(), {
        id: 'stripe',
        publishableKey: standIn.publishableKey,
        apiBase: standIn.url,
        jsUrl: `${standIn.url}/v3`,
      })
      assert.ok(!info.body.includes(standIn.secretKey))
      const testCard = await app.inject({
        method: 'POST',
        url: '/api/payments/test-card/tokens',
        payload: { number: '4242424242424242', exp_month: 12, exp_year: year + 1, cvc: '123' },
      })
      assert.equal(testCard.statusCode, 404)
    })

    test('an order paid through Stripe; cancel refunds it; the card number is nowhere in the shop', async () => {
      const { app, database } = await stripeApp()
      const shop = await shopWithProduct(database.db)
      const { token, body } = await orderWith(app, shop, await paymentMethodId(standIn, '4242424242424242'))
      const testCardOrder = await placeOrder(app, token, {
        ...body,
        payment: { ...body.payment, paymentId: 'test-card' },
      })
      assert.equal(testCardOrder.statusCode, 400)
      const res = await placeOrder(app, token, body)
      assert.equal(res.statusCode, 201, res.body)
      const orderId = res.json().orderId as string
      const order = await app.inject({
        method: 'GET',
        url: `/api/order/orders/${orderId}`,
        headers: bearer(token),
      })
      assert.deepEqual(order.json().payments, [
        { method: 'stripe', brand: 'Visa', last4: '4242', paidAmount: 49.27, status: 'PAID' },
      ])
      const intents = [...standIn.paymentIntents.values()].filter((i) => i.metadata.order_id === orderId)
      assert.equal(intents.length, 1)
      assert.equal(intents[0]?.amount, 4927)
      assert.equal(intents[0]?.status, 'succeeded')

      const cancel = await app.inject({
        method: 'POST',
        url: `/api/order/orders/${orderId}/transitions`,
        headers: bearer(token),
        payload: { status: 'DECLINED' },
      })
      assert.equal(cancel.statusCode, 200, cancel.body)
      assert.equal(cancel.json().payments[0].status, 'REFUNDED')
      const refunds = [...standIn.refunds.values()].filter((r) => r.payment_intent === intents[0]?.id)
      assert.equal(refunds.length, 1)
      assert.equal(refunds[0]?.amount, 4927)
      assert.equal(await stockOf(database.db, shop.productId), 5)

      const text = await everything(database.db)
      assert.ok(text.includes(orderId)) // the scan does see the shop's data
      assert.ok(!text.includes('4242424242424242'))
      assert.ok(!text.includes('4242 4242 4242 4242'))
    })

    /** An order of a 3-D Secure card: the first answer is 402 payment_requires_action with the client secret. */
    async function orderNeedingAuthentication(app: FastifyInstance, shop: Shop, key = randomUUID()) {
      const ready = await orderWith(app, shop, await paymentMethodId(standIn, '4000002500003155'))
      const res = await placeOrder(app, ready.token, ready.body, key)
      assert.equal(res.statusCode, 402, res.body)
      assert.equal(res.json().type, 'payment_requires_action')
      const clientSecret = res.json().details[0].message as string
      assert.equal(res.json().details[0].field, 'payment')
      const intentId = clientSecret.split('_secret_')[0] ?? ''
      assert.equal(standIn.paymentIntents.get(intentId)?.status, 'requires_action')
      return { ...ready, key, clientSecret, intentId }
    }
    const resubmit = (
      app: FastifyInstance,
      o: { token: string; body: { payment: object }; key: string },
      paymentIntentId: string,
    ) => placeOrder(app, o.token, { ...o.body, payment: { ...o.body.payment, paymentIntentId } }, o.key)

    test('3-D Secure completed: the re-submission makes exactly one order of the authenticated amount', async () => {
      const { app, database } = await stripeApp()
      const shop = await shopWithProduct(database.db)
      const o = await orderNeedingAuthentication(app, shop)
      // waiting: stock reserved, the attempt journaled with its intent, no order yet
      assert.equal(await stockOf(database.db, shop.productId), 3)
      assert.deepEqual(await attemptRows(database.db), [
        { status: 'awaiting_authentication', charge_id: o.intentId },
      ])
      assert.equal(await orderCount(database.db), 0)
      // the same request again (a retry without the intent) replays "authenticate first"
      const retry = await placeOrder(app, o.token, o.body, o.key)
      assert.equal(retry.statusCode, 402)
      assert.equal(retry.json().type, 'payment_requires_action')

      await authenticate(standIn, o.clientSecret, 'succeeded')
      const res = await resubmit(app, o, o.intentId)
      assert.equal(res.statusCode, 201, res.body)
      const orderId = res.json().orderId as string
      assert.equal(standIn.paymentIntents.get(o.intentId)?.metadata.order_id, orderId)
      const again = await resubmit(app, o, o.intentId)
      assert.equal(again.statusCode, 201)
      assert.equal(again.json().orderId, orderId)
      assert.equal(again.headers['idempotent-replayed'], 'true')

      assert.equal(await orderCount(database.db), 1)
      const order = await app.inject({
        method: 'GET',
        url: `/api/order/orders/${orderId}`,
        headers: bearer(o.token),
      })
      assert.equal(order.json().totalPrice, 49.27)
      assert.deepEqual(order.json().payments, [
        { method: 'stripe', brand: 'Visa', last4: '3155', paidAmount: 49.27, status: 'PAID' },
      ])
      assert.equal(standIn.paymentIntents.get(o.intentId)?.amount_received, 4927)
      assert.equal(await stockOf(database.db, shop.productId), 3)
      assert.deepEqual(await attemptRows(database.db), [{ status: 'done', charge_id: o.intentId }])
    })

    test('3-D Secure failed: 402 authentication_failed, the intent cancelled, no order, stock back', async () => {
      const { app, database } = await stripeApp()
      const shop = await shopWithProduct(database.db)
      const o = await orderNeedingAuthentication(app, shop)
      await authenticate(standIn, o.clientSecret, 'failed')
      const res = await resubmit(app, o, o.intentId)
      assert.equal(res.statusCode, 402, res.body)
      assert.equal(res.json().type, 'authentication_failed')
      assert.equal(res.json().details[0].field, 'payment')
      assert.equal(standIn.paymentIntents.get(o.intentId)?.status, 'canceled')
      assert.equal(await orderCount(database.db), 0)
      assert.equal(await stockOf(database.db, shop.productId), 5)
      assert.deepEqual(await attemptRows(database.db), [{ status: 'failed', charge_id: o.intentId }])
      // the cart is open again: the shopper can pay with another card
      const other = await paymentMethodId(standIn, '4242424242424242')
      const next = await placeOrder(app, o.token, {
        ...o.body,
        payment: { paymentId: 'stripe', customAttributes: { token: other } },
      })
      assert.equal(next.statusCode, 201, next.body)
    })

    test("a re-submission with an intent that is not the checkout's is refused and changes nothing", async () => {
      const { app, database } = await stripeApp()
      const shop = await shopWithProduct(database.db)
      const o = await orderNeedingAuthentication(app, shop)
      const attemptId = (await attemptIds(database.db))[0] ?? ''
      // a succeeded intent of a cheaper payment that names the attempt in its metadata
      const forged = await fetch(`${standIn.url}/v1/payment_intents`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${standIn.secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          amount: '100',
          currency: 'usd',
          payment_method: await paymentMethodId(standIn, '4242424242424242'),
          confirm: 'true',
          'metadata[order_id]': attemptId,
        }),
      }).then((r) => r.json() as Promise<{ id: string; status: string }>)
      assert.equal(forged.status, 'succeeded')
      const other = await orderNeedingAuthentication(app, await shopWithProduct(database.db))
      await authenticate(standIn, other.clientSecret, 'succeeded')
      for (const intentId of [forged.id, 'pi_unknown', other.intentId]) {
        const res = await resubmit(app, o, intentId)
        assert.equal(res.statusCode, 409, res.body)
        assert.equal(res.json().type, 'payment_intent_mismatch')
      }
      // the right intent from another caller
      const stranger = await placeOrder(app, await anonymousToken(app), {
        ...o.body,
        payment: { ...o.body.payment, paymentIntentId: o.intentId },
      })
      assert.equal(stranger.statusCode, 409, stranger.body)
      assert.equal(await orderCount(database.db), 0)
      assert.equal(standIn.paymentIntents.get(o.intentId)?.status, 'requires_action')
      assert.equal(await stockOf(database.db, shop.productId), 3)
      const statuses = (await attemptRows(database.db)).map((a) => a.status)
      assert.deepEqual(statuses, ['awaiting_authentication', 'awaiting_authentication'])
    })

    test('the sweep leaves young authentications alone and settles old ones from the intent', async () => {
      const { app, database, config } = await stripeApp()
      const ctx = { db: database.db, config, log: { error() {}, warn() {} } as unknown as FastifyBaseLogger }
      const shop = await shopWithProduct(database.db)
      const paid = await orderNeedingAuthentication(app, shop)
      const abandoned = await orderNeedingAuthentication(app, shop)
      const failed = await orderNeedingAuthentication(app, await shopWithProduct(database.db))
      await authenticate(standIn, paid.clientSecret, 'succeeded')
      await authenticate(standIn, failed.clientSecret, 'failed')
      assert.equal(await stockOf(database.db, shop.productId), 1)

      // younger than CHECKOUT_AUTHENTICATION_TIMEOUT_SECONDS (900): untouched, even with the recovery at 0
      const young = await recoverStaleAttempts(ctx, { olderThanMs: 0 })
      assert.equal(young.settled, 0)
      assert.equal(young.recovered, 0)
      assert.equal(await orderCount(database.db), 0)

      const old = await recoverStaleAttempts(ctx, { olderThanMs: 0, authenticationTimeoutMs: 0 })
      assert.equal(old.settled, 3)
      const orders = await database.db.selectFrom('orders').selectAll().execute()
      assert.equal(orders.length, 1)
      const byIntent = new Map((await attemptRows(database.db)).map((a) => [a.charge_id, a.status]))
      assert.equal(byIntent.get(paid.intentId), 'done')
      assert.equal(byIntent.get(abandoned.intentId), 'released')
      assert.equal(byIntent.get(failed.intentId), 'released')
      assert.equal(standIn.paymentIntents.get(paid.intentId)?.metadata.order_id, orders[0]?.id)
      assert.equal(standIn.paymentIntents.get(abandoned.intentId)?.status, 'canceled')
      assert.equal(standIn.paymentIntents.get(failed.intentId)?.status, 'canceled')
      assert.equal(await stockOf(database.db, shop.productId), 3) // the paid order keeps its 2
      // the shopper left before the order existed: the sweep sends its confirmation (the outbox, no SMTP here)
      const mails = () => listMessages(database.db).then((rows) => rows.map((m) => m.text_body))
      assert.equal((await mails()).length, 1)
      assert.match((await mails())[0] ?? '', new RegExp(orders[0]?.id ?? 'no order'))
      // the shopper coming back late with the paid intent gets the order the sweep made, and no second mail
      const late = await resubmit(app, paid, paid.intentId)
      assert.equal(late.statusCode, 201, late.body)
      assert.equal(late.json().orderId, orders[0]?.id)
      assert.equal((await mails()).length, 1)
      const lateFail = await resubmit(app, abandoned, abandoned.intentId)
      assert.equal(lateFail.statusCode, 409, lateFail.body)
      assert.equal(
        (await recoverStaleAttempts(ctx, { olderThanMs: 0, authenticationTimeoutMs: 0 })).settled,
        0,
      )
    })

    test('declined and insufficient funds through the checkout: 402, no order, stock unchanged', async () => {
      const { app, database } = await stripeApp()
      const shop = await shopWithProduct(database.db)
      for (const [card, type] of [
        ['4000000000000002', 'card_declined'],
        ['4000000000009995', 'insufficient_funds'],
      ] as const) {
        const { token, body } = await orderWith(app, shop, await paymentMethodId(standIn, card))
        const res = await placeOrder(app, token, body)
        assert.equal(res.statusCode, 402)
        assert.equal(res.json().type, type)
      }
      assert.equal((await database.db.selectFrom('orders').selectAll().execute()).length, 0)
      const text = await everything(database.db)
      assert.ok(!text.includes('4000000000000002') && !text.includes('4000000000009995'))
    })
  })
}
