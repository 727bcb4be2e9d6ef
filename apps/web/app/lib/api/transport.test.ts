import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Site } from '@shop/contracts/site'
import { accountCalls } from './account.ts'
import { cartCalls } from './cart.ts'
import { catalogueCalls } from './catalogue.ts'
import { searchCalls } from './search.ts'
import { ApiRequestError, ContractMismatchError, createTransport } from './transport.ts'

const SITE: Site = {
  code: 'us',
  name: 'US',
  default: true,
  currency: 'USD',
  defaultLanguage: 'en',
  languages: ['en'],
}

interface Seen {
  method: string
  url: string
  headers: Headers
  body: unknown
}

/** A stand-in API answering every request with one response, recording what it was asked. */
function answering(status: number, body: unknown, headers: Record<string, string> = {}) {
  const seen: Seen[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    seen.push({
      method: init?.method ?? 'GET',
      url: String(input),
      headers: new Headers(init?.headers),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    })
    const text = body === undefined ? null : JSON.stringify(body)
    return new Response(text, { status, headers: { 'content-type': 'application/json', ...headers } })
  }
  return { fetch, seen }
}

test('a call is built from its contract: method, path with encoded parameters, query, body, headers', async () => {
  const api = answering(201, { itemId: 'i1' })
  const transport = createTransport({ fetch: api.fetch, baseUrl: 'http://api', siteCode: 'us' })
  const answer = await cartCalls(transport).addCartItem('a/b c', { productId: 'p1', quantity: 2 })
  assert.deepEqual(answer, { itemId: 'i1' })
  const [request] = api.seen
  assert.equal(request?.method, 'POST')
  assert.equal(request?.url, 'http://api/api/cart/carts/a%2Fb%20c/items')
  assert.deepEqual(request?.body, { productId: 'p1', quantity: 2 })
  assert.equal(request?.headers.get('site-code'), 'us')
  assert.equal(request?.headers.get('content-type'), 'application/json')
})

test('an answer that does not match its contract throws an error naming the call', async () => {
  const api = answering(200, { ...SITE, currency: 42 })
  const transport = createTransport({ fetch: api.fetch, baseUrl: '' })
  await assert.rejects(catalogueCalls(transport).site('us'), (error: unknown) => {
    assert.ok(error instanceof ContractMismatchError)
    assert.match(
      error.message,
      /^GET \/api\/site\/sites\/:code answered 200, not matching its contract: currency/,
    )
    return true
  })
  assert.equal(api.seen[0]?.url, '/api/site/sites/us?expand=payment%3Aactive%2Ctax%3Aactive%2Cmixin%3A*')
})

test('without validation (production) the answer is passed on as it came', async () => {
  const api = answering(200, { ...SITE, currency: 42 })
  const site = await catalogueCalls(createTransport({ fetch: api.fetch, baseUrl: '', validate: false })).site(
    'us',
  )
  assert.equal((site as unknown as { currency: number }).currency, 42)
})

test('a success status the contract does not list is a mismatch; a listed error is an ApiRequestError', async () => {
  const created = createTransport({ fetch: answering(201, SITE).fetch, baseUrl: '' })
  await assert.rejects(catalogueCalls(created).site('us'), /answered 201, which its contract does not list/)
  const missing = answering(404, {
    status: 404,
    type: 'not_found',
    message: 'Site x was not found',
    details: [],
  })
  await assert.rejects(
    catalogueCalls(createTransport({ fetch: missing.fetch, baseUrl: '' })).site('x'),
    (error: unknown) =>
      error instanceof ApiRequestError && error.status === 404 && error.body.type === 'not_found',
  )
})

test('paged lists read their total from x-total-count', async () => {
  const api = answering(200, [], { 'x-total-count': '7' })
  const page = await accountCalls(createTransport({ fetch: api.fetch, baseUrl: '' })).addresses(5)
  assert.deepEqual(page, { items: [], total: 7 })
  assert.equal(api.seen[0]?.url, '/api/customer/me/addresses?pageSize=5')
})

test('a shipping cost without a match (404) is a zero price', async () => {
  const api = answering(404, {
    status: 404,
    type: 'not_found',
    message: 'Shipping cost was not found',
    details: [],
  })
  const cost = await cartCalls(createTransport({ fetch: api.fetch, baseUrl: '' })).shippingCost('us', {
    countryCode: 'US',
    amount: 10,
    currency: 'USD',
  })
  assert.deepEqual(cost, { methodId: null, zoneId: null, price: { amount: 0, currency: 'USD' } })
})

test('a route (browser code) is made by method and path; its contract is loaded only to check an answer', async () => {
  const answer = { query: 'mug', nbHits: 0, page: 0, hitsPerPage: 5, nbPages: 0, hits: [] }
  const unchecked = answering(200, { ...answer, nbHits: 'many' })
  const found = await searchCalls(
    createTransport({ fetch: unchecked.fetch, baseUrl: '', validate: false }),
  ).searchProducts({ q: 'mug', hitsPerPage: 5 })
  assert.equal((found as unknown as { nbHits: string }).nbHits, 'many')
  assert.equal(unchecked.seen[0]?.url, '/api/search/products?q=mug&hitsPerPage=5')
  const checked = createTransport({ fetch: answering(200, { ...answer, nbHits: 'many' }).fetch, baseUrl: '' })
  await assert.rejects(
    searchCalls(checked).searchProducts({ q: 'mug' }),
    /^ContractMismatchError: GET \/api\/search\/products answered 200, not matching its contract: nbHits/,
  )
  const good = createTransport({ fetch: answering(200, answer).fetch, baseUrl: '' })
  assert.deepEqual(await searchCalls(good).searchProducts({ q: 'mug' }), answer)
})
