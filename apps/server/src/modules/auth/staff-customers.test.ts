import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { placeOrder, readyToOrder, shopWithProduct } from '../checkout/checkout.testing.ts'
import { setRole } from '../customer/customer.service.ts'
import { FAST_HASH_ENV, lastMailTo, PASSWORD, signupCustomer, uniqueEmail } from './auth.testing.ts'

/**
 * The staff's customer pages (docs/decisions/0068-staff-customers.md): search, one customer with addresses, orders
 * and totals, block and unblock (signed out, no sign-in), a reset mail, erasure on request; roles and audit.
 */
for (const { engine, skip } of testEngines()) {
  describe(`staff customer pages on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine, FAST_HASH_ENV)
    const db = database.db
    const shop = await shopWithProduct(db)
    const owner = await signupCustomer(app)
    assert.ok(await setRole(db, owner.email, 'owner'))
    const clerk = await signupCustomer(app)
    assert.ok(await setRole(db, clerk.email, 'orders'))
    const catalogue = await signupCustomer(app)
    assert.ok(await setRole(db, catalogue.email, 'catalogue'))
    const call = (
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      payload?: object,
      headers: Record<string, string> = clerk.headers,
    ) => app.inject({ method, url, headers, ...(payload ? { payload } : {}) })
    const login = (email: string) => call('POST', '/api/auth/login', { email, password: PASSWORD }, {})

    const email = uniqueEmail('zelda')
    const zelda = await signupCustomer(app, { email, firstName: 'Zelda' })
    await call(
      'POST',
      '/api/customer/me/addresses',
      {
        contactName: 'Zelda Z',
        street: '2 Side Street',
        city: 'Springfield',
        zipCode: '12345',
        country: 'US',
      },
      zelda.headers,
    )
    const ready = await readyToOrder(app, shop, { quantity: 1, token: zelda.accessToken })
    const placed = await placeOrder(app, zelda.accessToken, ready.body)
    assert.equal(placed.statusCode, 201, placed.body)

    test('search by e-mail or name, then one customer with addresses, orders and totals', async () => {
      for (const q of [email.slice(0, 8), 'ZELD']) {
        const res = await call('GET', `/api/owner/customers?q=${encodeURIComponent(q)}`)
        assert.equal(res.statusCode, 200, res.body)
        assert.ok(
          res.json().some((c: { email: string }) => c.email === email),
          `${q}: ${res.body.slice(0, 200)}`,
        )
      }
      const none = await call('GET', '/api/owner/customers?q=%25')
      assert.equal(none.json().length, 0, 'a % is a character, not a wildcard')
      const all = await call('GET', '/api/owner/customers?pageSize=2')
      assert.equal(all.json().length, 2)
      assert.ok(Number(all.headers['x-total-count']) >= 4)
      const one = (await call('GET', `/api/owner/customers/${zelda.customerId}`)).json()
      assert.equal(one.email, email)
      assert.equal(one.addresses.length, 1)
      assert.equal(one.orders.length, 1)
      assert.equal(one.orders[0].id, placed.json().orderId)
      assert.deepEqual(
        one.totals.map((t: { currency: string; orders: number }) => [t.currency, t.orders]),
        [['USD', 1]],
      )
      assert.equal(one.totals[0].total, ready.body.totalPrice)
      assert.equal((await call('GET', '/api/owner/customers', undefined, catalogue.headers)).statusCode, 403)
      assert.equal((await call('GET', '/api/owner/customers', undefined, zelda.headers)).statusCode, 403)
    })

    test('a blocked customer is signed out and cannot sign in until unblocked; staff cannot be blocked', async () => {
      const blocked = await call('PUT', `/api/owner/customers/${zelda.customerId}/blocked`, { blocked: true })
      assert.equal(blocked.statusCode, 200, blocked.body)
      assert.equal(blocked.json().blocked, true)
      assert.equal(blocked.json().blockedBy, clerk.email)
      assert.equal((await call('GET', '/api/customer/me', undefined, zelda.headers)).statusCode, 401)
      const refused = await login(email)
      assert.equal(refused.statusCode, 403, refused.body)
      assert.equal(refused.json().type, 'account_blocked')
      const unblocked = await call('PUT', `/api/owner/customers/${zelda.customerId}/blocked`, {
        blocked: false,
      })
      assert.equal(unblocked.json().blocked, false)
      assert.equal((await login(email)).statusCode, 200)
      const staff = await call('PUT', `/api/owner/customers/${catalogue.customerId}/blocked`, {
        blocked: true,
      })
      assert.equal(staff.statusCode, 409)
      assert.equal(staff.json().type, 'is_staff')
      const audit = await db
        .selectFrom('audit_log' as never)
        .select('actor_email' as never)
        .where('entity' as never, '=', 'customer' as never)
        .execute()
      assert.equal(audit.length, 2)
    })

    test('a reset mail on request; erasure is the owner’s, and leaves the order its copy', async () => {
      const reset = await call('POST', `/api/owner/customers/${zelda.customerId}/password-reset`)
      assert.equal(reset.statusCode, 204, reset.body)
      assert.match((await lastMailTo(app, email)).link, /\/reset-password\/update\?token=/)
      const byClerk = await call('DELETE', `/api/owner/customers/${zelda.customerId}`)
      assert.equal(byClerk.statusCode, 403)
      const erased = await call(
        'DELETE',
        `/api/owner/customers/${zelda.customerId}`,
        undefined,
        owner.headers,
      )
      assert.equal(erased.statusCode, 204, erased.body)
      assert.equal((await call('GET', `/api/owner/customers/${zelda.customerId}`)).statusCode, 404)
      assert.equal((await login(email)).statusCode, 401)
      const order = await call('GET', `/api/owner/orders/${placed.json().orderId}`)
      assert.equal(order.json().customer.email, 'ada@example.com')
      const staff = await call('DELETE', `/api/owner/customers/${clerk.customerId}`, undefined, owner.headers)
      assert.equal(staff.statusCode, 409)
    })
  })
}
