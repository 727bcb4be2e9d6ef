import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { createTestApp } from '../testing/test-app.ts'
import { testEngines } from '../testing/test-db.ts'

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'

/** Garbage for every route the OpenAPI document lists: each must answer 4xx in the error shape, never 5xx. */
const malformed = [
  {
    name: 'garbage path parameters',
    path: (p: string) => p.replace(/\{[^}]+\}/g, '%00%ff..%2F'),
    body: undefined,
  },
  {
    name: 'absurd query values',
    path: (p: string) => `${fill(p)}?pageSize=-1&pageNumber=x&currency=1&expand=%&q=(((`,
    body: undefined,
  },
  { name: 'a body that is not JSON', path: fill, body: '{"unterminated', contentType: 'application/json' },
  { name: 'a JSON body of the wrong type', path: fill, body: '[1,2,3]', contentType: 'application/json' },
  {
    name: 'a JSON body with wrong field types',
    path: fill,
    body: JSON.stringify(wrongTypes()),
    contentType: 'application/json',
  },
  {
    name: 'an oversized body',
    path: fill,
    body: JSON.stringify({ x: 'y'.repeat(300_000) }),
    contentType: 'application/json',
  },
]

function fill(path: string): string {
  return path.replace(/\{[^}]+\}/g, 'does-not-exist')
}

function wrongTypes() {
  const value = { nested: [null, true, 1.5] }
  return Object.fromEntries(
    [
      'cartId',
      'quantity',
      'siteCode',
      'itemYrn',
      'productId',
      'email',
      'addresses',
      'number',
      'exp_month',
      'payment',
      'totalPrice',
      'currency',
    ].map((k) => [k, value]),
  )
}

for (const { engine, skip } of testEngines()) {
  describe(`malformed requests on ${engine}`, { skip }, () => {
    test('every documented route answers 4xx JSON with details to malformed input', async () => {
      const { app } = await createTestApp(engine)
      const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
        paths: Record<string, Record<string, unknown>>
      }
      const token = await anonymousToken(app)
      const routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => ({ path, method: m.toUpperCase() as Method })),
      )
      assert.ok(routes.length > 0, 'the OpenAPI document lists routes')
      const failures: string[] = []
      for (const route of routes) {
        for (const input of malformed) {
          const hasBody = route.method !== 'GET' && route.method !== 'DELETE'
          if (input.body !== undefined && !hasBody) continue
          for (const auth of [undefined, `Bearer ${token}`]) {
            const res = await app.inject({
              method: route.method,
              url: input.path(route.path),
              headers: {
                ...(auth ? { authorization: auth } : {}),
                ...(input.contentType ? { 'content-type': input.contentType } : {}),
              },
              payload: input.body,
            })
            const where = `${route.method} ${route.path} with ${input.name}${auth ? ' (token)' : ''}`
            if (res.statusCode >= 500) failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`)
            if (res.statusCode >= 400) {
              const body = res.json()
              if (typeof body.message !== 'string' || !Array.isArray(body.details)) {
                failures.push(`${where}: not the error shape: ${res.body.slice(0, 200)}`)
              }
            }
          }
        }
      }
      assert.deepEqual(failures, [])
    })
  })
}

async function anonymousToken(app: Awaited<ReturnType<typeof createTestApp>>['app']): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/auth/anonymous/login' })
  return res.statusCode === 200 ? res.json().access_token : 'no-token'
}
