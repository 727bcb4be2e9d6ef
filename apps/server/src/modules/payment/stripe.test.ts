import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
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
import { bearer } from '../cart/cart.testing.ts'
import { placeOrder, readyToOrder, shopWithProduct, stockOf } from '../checkout/checkout.testing.ts'
import { createStripeProvider } from './stripe.provider.ts'

const year = new Date().getUTCFullYear()

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

  test('a card that needs 3-D Secure: the intent is cancelled and the charge fails as authentication_required', async () => {
    const request = {
      token: await paymentMethodId(standIn, '4000002500003155'),
      amountMinor: 1500,
      currency: 'EUR',
      idempotencyKey: 'ORD-3DS',
    }
    const result = await provider().charge(request, db)
    assert.equal(!result.ok && result.code, 'authentication_required')
    const intents = [...standIn.paymentIntents.values()].filter((i) => i.metadata.order_id === 'ORD-3DS')
    assert.deepEqual(
      intents.map((i) => [i.status, i.amount, i.amount_received]),
      [['canceled', 1500, 0]],
    )
    // A recovery asking again replays the same intent and ends the same way; nothing is taken.
    const again = await provider().charge(request, db)
    assert.equal(!again.ok && again.code, 'authentication_required')
    assert.equal(
      [...standIn.paymentIntents.values()].filter((i) => i.metadata.order_id === 'ORD-3DS').length,
      1,
    )
  })

  test('the challenge page settles a requires_action intent; Stripe.js retrieves it with its client secret', async () => {
    const res = await fetch(`${standIn.url}/v1/payment_intents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${standIn.secretKey}` },
      body: new URLSearchParams({
        amount: '700',
        currency: 'usd',
        payment_method: await paymentMethodId(standIn, '4000002500003155'),
        confirm: 'true',
      }),
    })
    const intent = (await res.json()) as {
      id: string
      status: string
      client_secret: string
      next_action: unknown
    }
    assert.equal(intent.status, 'requires_action')
    assert.deepEqual(intent.next_action, {
      type: 'use_stripe_sdk',
      use_stripe_sdk: { type: 'three_d_secure_redirect' },
    })
    const retrieve = (secret: string) =>
      fetch(
        `${standIn.url}/v1/payment_intents/${intent.id}?${new URLSearchParams({ key: standIn.publishableKey, client_secret: secret })}`,
      )
    assert.equal((await retrieve('pi_other_secret_x')).status, 403)
    const authenticate = (outcome: string, secret = intent.client_secret) =>
      fetch(`${standIn.url}/v1/payment_intents/${intent.id}/authenticate`, {
        method: 'POST',
        body: new URLSearchParams({ key: standIn.publishableKey, client_secret: secret, outcome }),
      })
    assert.equal((await authenticate('succeeded', 'wrong')).status, 400)
    assert.equal((await authenticate('succeeded')).status, 200)
    const settled = (await (await retrieve(intent.client_secret)).json()) as { status: string }
    assert.equal(settled.status, 'succeeded')
  })

  test('the stand-in serves Stripe.js and its card and challenge frames', async () => {
    const script = await fetch(`${standIn.url}/v3`)
    assert.match(script.headers.get('content-type') ?? '', /javascript/)
    const source = await script.text()
    assert.ok(source.includes(JSON.stringify(standIn.url)), 'the frames come from the stand-in origin')
    assert.match(source, /window\.Stripe = Stripe/)
    const card = await (await fetch(`${standIn.url}/elements/card`)).text()
    assert.match(card, /<input id="number"[^>]*autocomplete="cc-number"/)
    assert.match(card, /fetch\('\/v1\/payment_methods'/)
    assert.match(await (await fetch(`${standIn.url}/challenge`)).text(), /id="complete"/)
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

/** A cart of 2 × 19.99 USD and its order request (total 49.27 with tax and shipping) paid with Stripe's `pm`. */
const orderWith = (app: FastifyInstance, shop: Awaited<ReturnType<typeof shopWithProduct>>, pm: string) =>
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

    test('a card that needs 3-D Secure: 402 authentication_required, no order, stock back, attempt released', async () => {
      const { app, database } = await stripeApp()
      const shop = await shopWithProduct(database.db)
      const { token, body } = await orderWith(app, shop, await paymentMethodId(standIn, '4000002500003155'))
      const res = await placeOrder(app, token, body)
      assert.equal(res.statusCode, 402, res.body)
      assert.equal(res.json().type, 'authentication_required')
      assert.equal((await database.db.selectFrom('orders').selectAll().execute()).length, 0)
      assert.equal(await stockOf(database.db, shop.productId), 5)
      const attempts = await sql<{ status: string }>`select status from payment_attempts`.execute(database.db)
      assert.deepEqual(
        attempts.rows.map((a) => a.status),
        ['failed'],
      )
      const intents = [...standIn.paymentIntents.values()].filter((i) => i.amount === 4927)
      assert.equal(intents.at(-1)?.status, 'canceled')
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
