import assert from 'node:assert/strict'
import { after, test } from 'node:test'
import { startStripeStandIn } from '../../../../server/src/platform/testing/stripe-stand-in.ts'
import { createTestApp } from '../../../../server/src/platform/testing/test-app.ts'
import { cardErrors, tokenizeCard } from './card.ts'

const standIn = await startStripeStandIn()
after(() => standIn.close())
const provider = {
  id: 'stripe' as const,
  publishableKey: standIn.publishableKey,
  apiBase: standIn.url,
  jsUrl: `${standIn.url}/v3`,
}
const year = String(new Date().getUTCFullYear() + 1)
const card = (over: Partial<Parameters<typeof tokenizeCard>[0]> = {}) => ({
  number: '4242 4242 4242 4242',
  expMonth: '12',
  expYear: year,
  cvc: '123',
  ...over,
})

test('with Stripe active the shop never sends card data itself: only the Card Element (Stripe.js) does', async () => {
  const calls: string[] = []
  const recording: typeof fetch = (input, init) => {
    calls.push(String(input))
    return fetch(input, init)
  }
  const result = await tokenizeCard(card(), { fetch: recording, provider })
  assert.deepEqual(result, { errors: {}, message: 'PAYMENT_PREVALIDATION_FAILED' })
  assert.deepEqual(calls, [])
  assert.deepEqual(standIn.requests, [])
})

test("Stripe.js's validation errors and the providers' card errors land on the number, expiry or cvc field", () => {
  const cases: Array<[Record<string, string>, Record<string, string>]> = [
    // Stripe.js, before any request (the Card Element's own checks)
    [{ type: 'validation_error', code: 'incomplete_number' }, { cardNumber: 'INVALID_CARD_NUMBER' }],
    [{ type: 'validation_error', code: 'invalid_number' }, { cardNumber: 'INVALID_CARD_NUMBER' }],
    [{ type: 'validation_error', code: 'incomplete_expiry' }, { expiry: 'INVALID_EXPIRATION_DATE' }],
    [{ type: 'validation_error', code: 'invalid_expiry_year_past' }, { expiry: 'INVALID_EXPIRATION_DATE' }],
    [{ type: 'validation_error', code: 'incomplete_cvc' }, { cvc: 'INVALID_CVC' }],
    // Stripe's API (nested params) and the test card provider (flat params)
    [
      { type: 'card_error', code: 'incorrect_number', param: 'number' },
      { cardNumber: 'INVALID_CARD_NUMBER' },
    ],
    [
      { type: 'card_error', code: 'invalid_expiry_month', param: 'card[exp_month]' },
      { expiry: 'INVALID_EXPIRATION_DATE' },
    ],
    [
      { type: 'card_error', code: 'invalid_expiry_year', param: 'exp_year' },
      { expiry: 'INVALID_EXPIRATION_DATE' },
    ],
    [{ type: 'card_error', code: 'invalid_cvc', param: 'card[cvc]' }, { cvc: 'INVALID_CVC' }],
    [{ type: 'card_error', code: 'card_declined' }, { cardNumber: 'CARD_DECLINED' }],
  ]
  for (const [error, errors] of cases)
    assert.deepEqual(cardErrors({ error }), { errors }, JSON.stringify(error))
  for (const error of [
    { type: 'invalid_request_error', message: 'Invalid API Key provided: pk_test_***' },
    { type: 'invalid_request_error', code: 'api_key_expired', message: 'Expired API Key provided' },
    { type: 'invalid_request_error', message: 'You did not provide an API key.' },
  ])
    assert.deepEqual(cardErrors({ error }), { errors: {}, message: 'PAYMENT_KEY_MISSING' }, error.message)
  for (const error of [
    { type: 'invalid_request_error', message: 'No such PaymentMethod' },
    { type: 'api_connection_error' },
  ])
    assert.deepEqual(cardErrors({ error }), { errors: {}, message: 'PAYMENT_PREVALIDATION_FAILED' })
  assert.deepEqual(cardErrors(undefined), { errors: {}, message: 'PAYMENT_PREVALIDATION_FAILED' })
})

test('with the test card provider (the default) the card goes to its endpoint; the provider is asked once', async () => {
  const { app } = await createTestApp('sqlite')
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' })
  const calls: string[] = []
  const counting: typeof fetch = (input, init) => {
    calls.push(new URL(String(input)).pathname)
    return fetch(input, init)
  }
  const ok = await tokenizeCard(card(), { fetch: counting, baseUrl })
  assert.ok('token' in ok, JSON.stringify(ok))
  assert.match(ok.token, /^tok_/)
  assert.equal(ok.paymentId, 'test-card')
  const declined = await tokenizeCard(card({ number: '4242424242424241' }), { fetch: counting, baseUrl })
  assert.deepEqual(declined, { errors: { cardNumber: 'INVALID_CARD_NUMBER' } })
  assert.deepEqual(calls, [
    '/api/payments/provider',
    '/api/payments/test-card/tokens',
    '/api/payments/test-card/tokens',
  ])
})
