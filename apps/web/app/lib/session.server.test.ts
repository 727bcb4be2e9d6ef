import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { AnonymousToken } from '@shop/contracts/auth'
import type { Cart } from '@shop/contracts/cart'
import type { Site } from '@shop/contracts/site'
import { createRetryGuard } from '../features/auth/retry-guard.ts'
import { createLoadContext, getSession } from './context.server.ts'
import { createSessionMiddleware, TOO_SOON_PATH } from './session.server.ts'

// Answers as the contracts describe them: the client checks them outside production.
const SITE: Site = {
  code: 'us',
  name: 'US',
  default: true,
  currency: 'USD',
  defaultLanguage: 'en',
  languages: ['en', 'de'],
}
const money = { amount: 0, currency: 'USD' }
const CART: Cart = {
  id: 'c1',
  siteCode: 'us',
  currency: 'USD',
  channel: { name: 'storefront' },
  customerId: null,
  items: [],
  discounts: [],
  totalUnitsCount: 0,
  subTotalPrice: money,
  totalDiscount: money,
  totalFees: money,
  totalTax: money,
  taxAggregate: { label: 'VAT', rate: 0, included: true },
  shippingCost: money,
  shippingMethod: null,
  totalPrice: money,
  countryCode: null,
  zipCode: null,
}

/**
 * A stand-in for the shop API: sites, anonymous login (counted), and a cart that answers 401 to every token
 * but the ones in `valid`.
 */
function fakeApi() {
  const logins: string[] = []
  const valid = new Set<string>()
  const cartCalls: string[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input))
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    // Let other calls of the same page start before this one answers (concurrent loaders).
    await new Promise((r) => setTimeout(r, 5))
    if (url.pathname === '/api/site/sites') return json([SITE])
    if (url.pathname === '/api/site/sites/us') return json(SITE)
    if (url.pathname === '/api/auth/anonymous/login') {
      const token = `anon-${logins.length + 1}`
      logins.push(url.searchParams.get('session_id') ?? '')
      valid.add(token)
      const session_id = url.searchParams.get('session_id') ?? ''
      return json({
        access_token: token,
        token_type: 'Bearer',
        expires_in: 3599,
        session_id,
      } satisfies AnonymousToken)
    }
    if (url.pathname.startsWith('/api/cart/')) {
      const token = new Headers(init?.headers).get('authorization')?.replace('Bearer ', '') ?? ''
      cartCalls.push(token)
      if (!valid.has(token))
        return json({ status: 401, type: 'unauthorized', message: 'expired', details: [] }, 401)
      return json(CART)
    }
    return json({ status: 404, type: 'not_found', message: url.pathname, details: [] }, 404)
  }
  return { fetch, logins, valid, cartCalls }
}

async function load(
  api: ReturnType<typeof fakeApi>,
  cookie: string,
  loaders: number,
  middleware = createSessionMiddleware(createRetryGuard()),
) {
  const context = createLoadContext({
    fetch: api.fetch,
    apiBaseUrl: 'http://api',
    production: false,
    social: { facebookDialogUrl: 'https://facebook.test/dialog' },
  })
  const request = new Request('http://shop/some/page', { headers: { cookie } })
  const results: unknown[] = []
  const next = async () => {
    const session = getSession(context)
    // Several loaders of one page, running at the same time, each calling the API.
    results.push(
      ...(await Promise.all(
        Array.from({ length: loaders }, (_, i) =>
          session.api.cart(`cart-${i}`).then(
            () => 'ok',
            (error: { status?: number }) => error.status,
          ),
        ),
      )),
    )
    return new Response('page')
  }
  try {
    const response = (await middleware(
      { request, context, params: {}, unstable_pattern: '' } as never,
      next,
    )) as Response
    return { response, results }
  } catch (thrown) {
    if (thrown instanceof Response) return { response: thrown, results }
    throw thrown
  }
}

const SESSION = 'S'.repeat(30)

test('a first visit without a token makes exactly one anonymous login before the loaders run', async () => {
  const api = fakeApi()
  const { response, results } = await load(api, '', 3)
  assert.equal(api.logins.length, 1)
  assert.deepEqual(results, ['ok', 'ok', 'ok'])
  const cookies = response.headers.getSetCookie().join('\n')
  assert.match(cookies, /shop_token=anon-1;.*HttpOnly/)
})

test('a revoked token: concurrent 401s of one page share ONE anonymous login, and each call is retried once', async () => {
  const api = fakeApi()
  const { response, results } = await load(api, `shop_token=revoked; session_id=${SESSION}`, 4)
  assert.equal(api.logins.length, 1, 'one anonymous login for the whole page')
  assert.deepEqual(api.logins, [SESSION], 'with the shopper’s session id')
  assert.deepEqual(results, ['ok', 'ok', 'ok', 'ok'])
  assert.equal(api.cartCalls.filter((t) => t === 'revoked').length, 4)
  assert.equal(api.cartCalls.filter((t) => t === 'anon-1').length, 4)
  assert.match(response.headers.getSetCookie().join('\n'), /shop_token=anon-1/)
})

test('a second 401 retry of the same URL within 10 s is refused and goes to the errors state 401', async () => {
  const api = fakeApi()
  let now = 0
  const middleware = createSessionMiddleware(createRetryGuard({ now: () => now }))
  const first = await load(api, `shop_token=revoked; session_id=${SESSION}`, 1, middleware)
  assert.deepEqual(first.results, ['ok'])
  assert.equal(first.response.status, 200)
  api.valid.clear() // the new token is revoked too
  now += 9_000
  const second = await load(api, `shop_token=anon-1; session_id=${SESSION}`, 1, middleware)
  assert.deepEqual(second.results, [401], 'the refused call is not retried')
  assert.equal(second.response.status, 302)
  assert.equal(second.response.headers.get('location'), TOO_SOON_PATH)
  assert.match(second.response.headers.getSetCookie().join('\n'), /shop_token=anon-2/, 'a fresh token anyway')
  // After the window the same URL is retried again.
  api.valid.clear()
  now += 10_000
  const third = await load(api, `shop_token=anon-2; session_id=${SESSION}`, 1, middleware)
  assert.deepEqual(third.results, ['ok'])
  assert.equal(third.response.status, 200)
})

test('another shopper is not refused because of someone else’s retry', async () => {
  const api = fakeApi()
  const middleware = createSessionMiddleware(createRetryGuard({ now: () => 0 }))
  await load(api, `shop_token=revoked; session_id=${'A'.repeat(30)}`, 1, middleware)
  const other = await load(api, `shop_token=revoked; session_id=${'B'.repeat(30)}`, 1, middleware)
  assert.deepEqual(other.results, ['ok'])
})
