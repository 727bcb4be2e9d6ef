import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { anonymousToken, bearer } from '../cart/cart.testing.ts'
import { placeOrder, readyToOrder, shopWithProduct } from '../checkout/checkout.testing.ts'
import { FAST_HASH_ENV, PASSWORD, signupCustomer, uniqueEmail } from './auth.testing.ts'

/** Sign-up after purchase (spec §2 confirmation, issue 6): POST /api/auth/signup/order. */
for (const { engine, skip } of testEngines()) {
  describe(`sign-up after purchase on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine, FAST_HASH_ENV)
    const shop = await shopWithProduct(database.db)

    /** A guest order placed with its own anonymous token, for a fresh e-mail unless one is given. */
    async function guestOrder(email = uniqueEmail('guest')) {
      const ready = await readyToOrder(app, shop, { quantity: 1 })
      const res = await placeOrder(app, ready.token, {
        ...ready.body,
        customer: { ...ready.body.customer, title: 'DR', email },
      })
      assert.equal(res.statusCode, 201, res.body)
      return { token: ready.token, orderId: res.json().orderId as string, email }
    }
    const signup = (token: string | undefined, payload: object) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/signup/order',
        headers: { ...(token ? bearer(token) : {}), 'accept-language': 'de;q=1,en;q=0.5' },
        payload,
      })

    test('the guest who placed the order gets an account owning it and is signed in', async () => {
      const { token, orderId, email } = await guestOrder()
      const res = await signup(token, { orderId, password: PASSWORD })
      assert.equal(res.statusCode, 201, res.body)
      const body = res.json()
      assert.equal(body.userName, email)
      const cookie = res.cookies.find((c) => c.name === 'shop_token')
      assert.equal(cookie?.value, body.accessToken)
      assert.equal(cookie?.httpOnly, true)

      const me = await app.inject({
        method: 'GET',
        url: '/api/customer/me',
        headers: bearer(body.accessToken),
      })
      assert.equal(me.statusCode, 200)
      assert.equal(me.json().contactEmail, email)
      assert.equal(me.json().firstName, 'Ada')
      assert.equal(me.json().lastName, 'Lovelace')
      assert.equal(me.json().title, 'DR')
      assert.equal(me.json().preferredLanguage, 'de', 'the storefront language is kept for later mails')

      const list = await app.inject({
        method: 'GET',
        url: '/api/order/orders',
        headers: bearer(body.accessToken),
      })
      assert.deepEqual(
        list.json().map((o: { id: string }) => o.id),
        [orderId],
      )
      // The guest token was rotated away; the session that placed the order no longer opens it as a guest.
      const old = await app.inject({
        method: 'GET',
        url: `/api/order/orders/${orderId}`,
        headers: bearer(token),
      })
      assert.equal(old.statusCode, 401)
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: PASSWORD },
      })
      assert.equal(login.statusCode, 200)

      const twice = await signup(undefined, { orderId, password: PASSWORD })
      assert.equal(twice.statusCode, 401)
    })

    test('only the guest session that placed the order can claim it', async () => {
      const { orderId, email } = await guestOrder()
      const stranger = await anonymousToken(app)
      const res = await signup(stranger, { orderId, password: PASSWORD })
      assert.equal(res.statusCode, 404)
      assert.equal(
        (await signup(stranger, { orderId: 'ORD-NOSUCHORDR', password: PASSWORD })).statusCode,
        404,
      )
      const customer = await signupCustomer(app)
      const signedIn = await signup(customer.accessToken, { orderId, password: PASSWORD })
      assert.equal(signedIn.statusCode, 403)
      assert.equal((await signup(undefined, { orderId, password: PASSWORD })).statusCode, 401)
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: PASSWORD },
      })
      assert.equal(login.statusCode, 401, 'no account was created')
      const order = await database.db
        .selectFrom('orders')
        .select('customer_id')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow()
      assert.equal(order.customer_id, null)
    })

    test('an e-mail that already has an account is refused with account_already_exists', async () => {
      const existing = await signupCustomer(app)
      const { token, orderId } = await guestOrder(existing.email.toUpperCase())
      const res = await signup(token, { orderId, password: 'another password' })
      assert.equal(res.statusCode, 409)
      assert.equal(res.json().type, 'account_already_exists')
      const order = await app.inject({
        method: 'GET',
        url: `/api/order/orders/${orderId}`,
        headers: bearer(token),
      })
      assert.equal(order.statusCode, 200, 'the order is still the guest’s')
      const mine = await app.inject({ method: 'GET', url: '/api/order/orders', headers: existing.headers })
      assert.deepEqual(mine.json(), [])
    })

    test('bad input is a 400 with details, never a 500', async () => {
      const { token, orderId } = await guestOrder()
      const weak = await signup(token, { orderId, password: 'short' })
      assert.equal(weak.statusCode, 400)
      assert.ok(weak.json().details.some((d: { field: string }) => d.field.endsWith('password')))
      assert.equal((await signup(token, { password: PASSWORD })).statusCode, 400)
      assert.equal((await signup(token, { orderId: 42, password: PASSWORD })).statusCode, 400)
      const ok = await signup(token, { orderId, password: PASSWORD })
      assert.equal(ok.statusCode, 201, 'the failed tries did not use the order up')
    })
  })
}
