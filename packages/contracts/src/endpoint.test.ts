import assert from 'node:assert/strict'
import { test } from 'node:test'
import { z } from 'zod'
import { allEndpoints } from './endpoints.testing.ts'
import { ErrorSchema } from './errors.ts'
import { CardErrorSchema } from './payment.ts'
import { ReadinessSchema } from './system.ts'

const endpoints = await allEndpoints()
const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]).sort()

test('the contracts describe the calls of every area', () => {
  assert.ok(endpoints.length >= 70, `only ${endpoints.length} endpoints found`)
  const apis = new Set(endpoints.map((e) => e.name.split('.')[0]))
  for (const api of ['authApi', 'cartApi', 'catalogueApi', 'orderApi', 'seoApi', 'systemApi', 'mailApi'])
    assert.ok(apis.has(api), `${api} is missing`)
})

test('each method and path is described once', () => {
  const seen = new Map<string, string>()
  for (const { name, endpoint } of endpoints) {
    const key = `${endpoint.method} ${endpoint.path}`
    assert.equal(seen.get(key), undefined, `${name} repeats ${key} of ${seen.get(key)}`)
    seen.set(key, name)
  }
})

test("a path's parameters are exactly its params schema's keys", () => {
  for (const { name, endpoint } of endpoints) {
    const declared = endpoint.params instanceof z.ZodObject ? Object.keys(endpoint.params.shape).sort() : []
    assert.deepEqual(declared, pathParams(endpoint.path), name)
  }
})

test('every call answers at least one success, and its failures in the error shape', () => {
  for (const { name, endpoint } of endpoints) {
    const statuses = Object.keys(endpoint.responses).map(Number)
    assert.ok(
      statuses.some((s) => s >= 200 && s < 300),
      `${name} has no success answer`,
    )
    for (const status of statuses.filter((s) => s >= 400)) {
      const answer = endpoint.responses[status]
      // The exceptions: the test card tokenizer refuses a card in the provider's own shape (Stripe's), and
      // readiness answers its checks whether ready or not (load balancers read the status, operators the checks).
      const expected =
        name === 'paymentApi.createCardToken' && status === 402
          ? CardErrorSchema
          : name === 'systemApi.ready' && status === 503
            ? ReadinessSchema
            : ErrorSchema
      assert.equal(answer, expected, `${name} ${status}`)
    }
  }
})

test('a call that takes parameters, a query, a body or headers can answer 400', () => {
  for (const { name, endpoint } of endpoints) {
    if (endpoint.params || endpoint.query || endpoint.body || endpoint.headers)
      assert.ok(400 in endpoint.responses, `${name} does not list 400`)
  }
})
