import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { allEndpoints } from '@shop/contracts/endpoints.testing'
import type { FastifyInstance } from 'fastify'
import { createTestApp } from '../testing/test-app.ts'

/**
 * Routes that are not calls of the API: the documentation UI's files, the storefront's pages and assets (the
 * back office's CSV upload page and its data URL are page routes of their own, for their larger bodies).
 */
const NOT_CALLS = [
  /^\/api\/docs(\/|$)/,
  /^\/media\//,
  /^\/assets\//,
  /^\*$/,
  /^\/\*$/,
  /^\/admin\/import(\.data)?$/,
]

/** `METHOD path` of every route the app registered, read from Fastify's route tree (HEAD of GET left out). */
function registeredRoutes(app: FastifyInstance): Set<string> {
  const routes = new Set<string>()
  const parents: string[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?) \(([A-Z, ]+)\)$/.exec(line)
    if (!match) continue
    const [, indent = '', segment = '', methods = ''] = match
    const depth = indent.length / 4
    const path = (parents[depth - 1] ?? '') + segment
    parents[depth] = path
    for (const method of methods.split(', ')) if (method !== 'HEAD') routes.add(`${method} ${path}`)
  }
  return routes
}

const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')

describe('every call of the API is made from its contract', async () => {
  const endpoints = await allEndpoints()
  const { app } = await createTestApp('sqlite')
  const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { responses: Record<string, unknown>; tags?: string[] }>>
  }

  test('each contract is a registered route', () => {
    const routes = registeredRoutes(app)
    for (const { name, endpoint } of endpoints)
      assert.ok(
        routes.has(`${endpoint.method} ${endpoint.path}`),
        `${name}: ${endpoint.method} ${endpoint.path}`,
      )
  })

  test('each registered route is a contract (besides the documentation UI and the storefront)', () => {
    const described = new Set(endpoints.map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`))
    const routes = [...registeredRoutes(app)]
    assert.ok(routes.length > endpoints.length, 'the route tree was not read')
    for (const route of routes) {
      const path = route.slice(route.indexOf(' ') + 1)
      if (NOT_CALLS.some((pattern) => pattern.test(path))) continue
      assert.ok(described.has(route), `${route} has no contract`)
    }
  })

  test('each contract not hidden is an operation of the OpenAPI document, with its response codes', () => {
    for (const { name, endpoint } of endpoints) {
      const operation = document.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()]
      if (endpoint.hide) {
        assert.equal(operation, undefined, `${name} is hidden but documented`)
        continue
      }
      assert.ok(operation, `${name}: ${endpoint.method} ${endpoint.path} is not in the document`)
      assert.deepEqual(
        Object.keys(operation.responses).sort(),
        Object.keys(endpoint.responses).sort(),
        `${name} response codes`,
      )
      assert.deepEqual(operation.tags, [...endpoint.tags], `${name} tags`)
    }
  })

  test('each operation of the OpenAPI document has a contract', () => {
    const described = new Set(
      endpoints.map(({ endpoint }) => `${endpoint.method.toLowerCase()} ${openApiPath(endpoint.path)}`),
    )
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method} ${path}`),
    )
    assert.ok(operations.length >= 60, `only ${operations.length} operations`)
    for (const operation of operations) assert.ok(described.has(operation), `${operation} has no contract`)
  })
})
