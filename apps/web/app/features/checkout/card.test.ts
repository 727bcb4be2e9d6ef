import assert from 'node:assert/strict'
import { after, test } from 'node:test'
import { startStripeStandIn } from '../../../../server/src/platform/testing/stripe-stand-in.ts'
import { createTestApp } from '../../../../server/src/platform/testing/test-app.ts'
import { tokenizeCard } from './card.ts'

const standIn = await startStripeStandIn()
after(() => standIn.close())
const provider = { id: 'stripe' as const, publishableKey: standIn.publishableKey, apiBase: standIn.url }
const year = String(new Date().getUTCFullYear() + 1)
const card = (over: Partial<Parameters<typeof tokenizeCard>[0]> = {}) => ({
  number: '4242 4242 4242 4242',
  expMonth: '12',
  expYear: year,
  cvc: '123',
  ...over,
})

/** The shop's own origin: card data must never be sent there while Stripe is active. */
const shopCalls: string[] = []
const browserFetch: typeof fetch = (input, init) => {
  const url = String(input)
  if (!url.startsWith(standIn.url)) shopCalls.push(url)
  return fetch(input, init)
}

test('with Stripe active the card goes to Stripe with the publishable key and comes back as a PaymentMethod', async () => {
  const result = await tokenizeCard(card(), { fetch: browserFetch, provider })
  assert.ok('token' in result, JSON.stringify(result))
  assert.match(result.token, /^pm_/)
  assert.equal(result.paymentId, 'stripe')
  assert.deepEqual(shopCalls, [])
  const seen = standIn.requests.at(-1)
  assert.deepEqual([seen?.method, seen?.path], ['POST', '/v1/payment_methods'])
})

test("Stripe's card errors land on the number, expiry or cvc field", async () => {
  const cases: Array<[ReturnType<typeof card>, Record<string, string>]> = [
    [card({ number: '4242 4242 4242 4241' }), { cardNumber: 'INVALID_CARD_NUMBER' }],
    [card({ expMonth: '13' }), { expiry: 'INVALID_EXPIRATION_DATE' }],
    [card({ expYear: '2001' }), { expiry: 'INVALID_EXPIRATION_DATE' }],
    [card({ cvc: '12' }), { cvc: 'INVALID_CVC' }],
  ]
  for (const [input, errors] of cases) {
    const result = await tokenizeCard(input, { fetch: browserFetch, provider })
    assert.deepEqual(result, { errors }, JSON.stringify(input))
  }
  const wrongKey = await tokenizeCard(card(), {
    fetch: browserFetch,
    provider: { ...provider, publishableKey: 'pk_test_wrong' },
  })
  assert.deepEqual(wrongKey, { errors: {}, message: 'PAYMENT_PREVALIDATION_FAILED' })
  assert.deepEqual(shopCalls, [])
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
