import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { describe, test } from 'node:test'
import { CATALOGUE_STAFF_TAG, ORDERS_STAFF_TAG } from '@shop/contracts/staff'
import { FAST_HASH_ENV, signupCustomer } from '../../modules/auth/auth.testing.ts'
import { setRole } from '../../modules/customer/customer.service.ts'
import { createTestApp } from '../testing/test-app.ts'
import { testEngines } from '../testing/test-db.ts'

type Operation = { tags?: string[] }
type Document = { paths: Record<string, Record<string, Operation>> }

/**
 * Every back-office route the OpenAPI document lists, whatever is added later, against every kind of caller:
 * no token 401, a shopper 403, the catalogue and the order staff only on the routes tagged for them (403
 * elsewhere), the owner everywhere. "Allowed" means the guard let the request through: anything but 401 and 403 (a made-up id
 * or an empty body may then well be 404 or 400).
 */
for (const { engine, skip } of testEngines()) {
  describe(`staff roles on every owner route on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine, FAST_HASH_ENV)
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Document
    const operations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/owner/'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({
          method: method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE',
          url: path.replace(/\{[^}]+\}/g, () => randomUUID()),
          catalogue: (operation.tags ?? []).includes(CATALOGUE_STAFF_TAG),
          orders: (operation.tags ?? []).includes(ORDERS_STAFF_TAG),
        })),
      )
    const owner = await signupCustomer(app)
    assert.ok(await setRole(database.db, owner.email, 'owner'))
    const catalogue = await signupCustomer(app)
    assert.ok(await setRole(database.db, catalogue.email, 'catalogue'))
    const orders = await signupCustomer(app)
    assert.ok(await setRole(database.db, orders.email, 'orders'))
    const shopper = await signupCustomer(app)

    const call = (op: (typeof operations)[number], headers: Record<string, string>) =>
      app.inject({
        method: op.method,
        url: op.url,
        headers,
        ...(op.method === 'POST' || op.method === 'PUT' ? { payload: {} } : {}),
      })
    const label = (op: (typeof operations)[number]) => `${op.method} ${op.url}`

    test('the document lists owner-only and catalogue routes (the walk has something to walk)', () => {
      const paths = operations.map((op) => `${op.method} ${op.url}`)
      assert.ok(
        paths.includes('GET /api/owner/mail') && paths.includes('GET /api/owner/orders'),
        paths.join(),
      )
      assert.ok(
        operations.some((op) => op.catalogue),
        'no route is tagged for the catalogue staff',
      )
      assert.ok(!operations.find((op) => op.url === '/api/owner/mail')?.catalogue)
      assert.ok(!operations.find((op) => op.url === '/api/owner/orders')?.catalogue)
      assert.ok(operations.find((op) => op.url === '/api/owner/orders')?.orders)
      assert.ok(!operations.find((op) => op.url === '/api/owner/products')?.orders)
      // Shipping is a setting: every one of its routes is the owner's alone (docs/decisions/0062).
      const shipping = operations.filter((op) => /\/shipping-zones(\/|$)/.test(op.url))
      assert.equal(shipping.length, 7, shipping.map(label).join())
      assert.ok(shipping.every((op) => !op.catalogue && !op.orders))
      // So are sites, tax and the shop's settings (docs/decisions/0067).
      const sites = operations.filter((op) => /^\/api\/owner\/(sites(\/[^/]+)?|shop-settings)$/.test(op.url))
      assert.equal(sites.length, 5, sites.map(label).join())
      assert.ok(sites.every((op) => !op.catalogue && !op.orders))
      // Promotions are settings too: the coupons' routes are the owner's alone (docs/decisions/0065).
      const coupons = operations.filter((op) => /^\/api\/owner\/coupons(\/|$)/.test(op.url))
      assert.equal(coupons.length, 5, coupons.map(label).join())
      assert.ok(coupons.every((op) => !op.catalogue && !op.orders))
    })

    test('no token: 401 on every owner route', async () => {
      for (const op of operations) assert.equal((await call(op, {})).statusCode, 401, label(op))
    })

    test('a shopper: 403 on every owner route', async () => {
      for (const op of operations) assert.equal((await call(op, shopper.headers)).statusCode, 403, label(op))
    })

    test('the catalogue staff: let through on catalogue routes only, 403 elsewhere', async () => {
      for (const op of operations) {
        const status = (await call(op, catalogue.headers)).statusCode
        if (op.catalogue) assert.ok(status !== 401 && status !== 403, `${label(op)}: ${status}`)
        else assert.equal(status, 403, label(op))
      }
    })

    test('the order staff: let through on order routes only, 403 elsewhere', async () => {
      for (const op of operations) {
        const status = (await call(op, orders.headers)).statusCode
        if (op.orders) assert.ok(status !== 401 && status !== 403, `${label(op)}: ${status}`)
        else assert.equal(status, 403, label(op))
      }
    })

    test('the owner: let through everywhere', async () => {
      for (const op of operations) {
        const status = (await call(op, owner.headers)).statusCode
        assert.ok(status !== 401 && status !== 403, `${label(op)}: ${status}`)
      }
    })

    test('a revoked staff member is a shopper again', async () => {
      const former = await signupCustomer(app)
      assert.ok(await setRole(database.db, former.email, 'catalogue'))
      assert.equal((await app.inject({ url: '/api/owner/me', headers: former.headers })).statusCode, 200)
      assert.ok(await setRole(database.db, former.email, 'customer'))
      assert.equal((await app.inject({ url: '/api/owner/me', headers: former.headers })).statusCode, 403)
    })

    test('/api/owner/me says who the staff member is', async () => {
      const me = await app.inject({ url: '/api/owner/me', headers: catalogue.headers })
      assert.deepEqual(me.json(), {
        customerId: catalogue.customerId,
        email: catalogue.email,
        role: 'catalogue',
      })
    })
  })
}
