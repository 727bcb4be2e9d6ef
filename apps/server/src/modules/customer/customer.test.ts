import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { identityDb } from '../../platform/auth/schema.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { FAST_HASH_ENV, lastMailTo, PASSWORD, signupCustomer, uniqueEmail } from '../auth/auth.testing.ts'
import { placeOrder, readyToOrder, shopWithProduct } from '../checkout/checkout.testing.ts'

for (const { engine, skip } of testEngines()) {
  describe(`customer account on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine, FAST_HASH_ENV)
    const get = (headers: Record<string, string>) =>
      app.inject({ method: 'GET', url: '/api/customer/me', headers })

    test('GET and PUT me: name fields of spec §3; e-mail untouched by PUT', async () => {
      const customer = await signupCustomer(app)
      const me = (await get(customer.headers)).json()
      assert.equal(me.id, customer.customerId)
      assert.match(me.customerNumber, /^C\d{10}$/)
      assert.deepEqual(
        { title: me.title, firstName: me.firstName, middleName: me.middleName, lastName: me.lastName },
        { title: '', firstName: 'Ada', middleName: '', lastName: 'Lovelace' },
      )
      const put = await app.inject({
        method: 'PUT',
        url: '/api/customer/me',
        headers: customer.headers,
        payload: {
          title: 'DR',
          firstName: 'Augusta',
          middleName: 'Ada',
          lastName: 'King',
          contactEmail: 'x@y.z',
        },
      })
      assert.equal(put.statusCode, 200)
      assert.equal(put.json().title, 'DR')
      assert.equal(put.json().middleName, 'Ada')
      assert.equal(put.json().contactEmail, customer.email)
      const badTitle = await app.inject({
        method: 'PUT',
        url: '/api/customer/me',
        headers: customer.headers,
        payload: { title: 'KING' },
      })
      assert.equal(badTitle.statusCode, 400)
    })

    test('anonymous tokens and no token get 401 on me', async () => {
      const anon = (await app.inject({ method: 'GET', url: '/api/auth/anonymous/login' })).json()
      assert.equal((await get({ authorization: `Bearer ${anon.access_token}` })).statusCode, 401)
      assert.equal((await get({})).statusCode, 401)
    })

    test('e-mail change: 401 wrong password, 409 in use, mail to the new address, confirm, sessions out', async () => {
      const customer = await signupCustomer(app)
      const other = await signupCustomer(app)
      const change = (payload: object) =>
        app.inject({
          method: 'POST',
          url: '/api/customer/me/accounts/internal/email/change',
          headers: customer.headers,
          payload,
        })
      const wrong = await change({ email: uniqueEmail(), password: 'not my password' })
      assert.equal(wrong.statusCode, 401)
      const inUse = await change({ email: other.email, password: PASSWORD })
      assert.equal(inUse.statusCode, 409)
      assert.equal(inUse.json().type, 'email_in_use')
      const newEmail = uniqueEmail('new')
      const ok = await change({ email: newEmail, password: PASSWORD })
      assert.equal(ok.statusCode, 202)
      const mail = await lastMailTo(app, newEmail)
      assert.match(mail.link, /\/change-email\/confirm\?token=/)
      assert.equal((await get(customer.headers)).json().contactEmail, customer.email)
      const confirm = await app.inject({
        method: 'POST',
        url: '/api/customer/me/accounts/internal/email/change/confirm',
        payload: { token: mail.token },
      })
      assert.equal(confirm.statusCode, 200)
      assert.equal(confirm.json().contactEmail, newEmail)
      assert.equal((await get(customer.headers)).statusCode, 401)
      const again = await app.inject({
        method: 'POST',
        url: '/api/customer/me/accounts/internal/email/change/confirm',
        payload: { token: mail.token },
      })
      assert.equal(again.statusCode, 400)
      assert.equal(again.json().type, 'invalid_token')
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: newEmail, password: PASSWORD },
      })
      assert.equal(login.statusCode, 200)
    })

    test('e-mail change confirmed after someone else took the address: 409', async () => {
      const customer = await signupCustomer(app)
      const target = uniqueEmail('race')
      await app.inject({
        method: 'POST',
        url: '/api/customer/me/accounts/internal/email/change',
        headers: customer.headers,
        payload: { email: target, password: PASSWORD },
      })
      const { token } = await lastMailTo(app, target)
      await signupCustomer(app, { email: target })
      const confirm = await app.inject({
        method: 'POST',
        url: '/api/customer/me/accounts/internal/email/change/confirm',
        payload: { token },
      })
      assert.equal(confirm.statusCode, 409)
    })

    test('account deletion: mail with token, personal data erased, orders kept for accounting', async () => {
      const shop = await shopWithProduct(database.db)
      const customer = await signupCustomer(app)
      const ready = await readyToOrder(app, shop, { token: customer.accessToken })
      const placed = await placeOrder(app, customer.accessToken, ready.body)
      assert.equal(placed.statusCode, 201, placed.body)
      const orderId = placed.json().orderId
      await app.inject({
        method: 'POST',
        url: '/api/customer/me/addresses',
        headers: customer.headers,
        payload: {
          contactName: 'Ada Lovelace',
          street: '1 Main Street',
          city: 'Springfield',
          zipCode: '12345',
          country: 'US',
        },
      })
      const missing = await app.inject({
        method: 'DELETE',
        url: '/api/customer/me',
        headers: customer.headers,
      })
      assert.equal(missing.statusCode, 400)
      const forged = await app.inject({
        method: 'DELETE',
        url: '/api/customer/me?token=forged-token',
        headers: customer.headers,
      })
      assert.equal(forged.statusCode, 400)
      const request = await app.inject({
        method: 'POST',
        url: '/api/customer/me/deletion',
        headers: customer.headers,
      })
      assert.equal(request.statusCode, 202)
      const mail = await lastMailTo(app, customer.email)
      assert.match(mail.link, /\/delete-account\?token=/)
      const other = await signupCustomer(app)
      const notMine = await app.inject({
        method: 'DELETE',
        url: `/api/customer/me?token=${mail.token}`,
        headers: other.headers,
      })
      assert.equal(notMine.statusCode, 403)
      await app.inject({ method: 'POST', url: '/api/customer/me/deletion', headers: customer.headers })
      const fresh = await lastMailTo(app, customer.email)
      const del = await app.inject({
        method: 'DELETE',
        url: `/api/customer/me?token=${fresh.token}`,
        headers: customer.headers,
      })
      assert.equal(del.statusCode, 204)
      assert.equal((await get(customer.headers)).statusCode, 401)
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: customer.email, password: PASSWORD },
      })
      assert.equal(login.statusCode, 401)
      const idb = identityDb(database.db)
      const row = await idb
        .selectFrom('customers')
        .selectAll()
        .where('id', '=', customer.customerId)
        .executeTakeFirstOrThrow()
      assert.equal(row.password_hash, null)
      assert.equal(row.first_name, '')
      assert.ok(!row.email.includes(customer.email))
      assert.ok(row.deleted_at)
      const addresses = await idb
        .selectFrom('addresses')
        .select('id')
        .where('customer_id', '=', customer.customerId)
        .execute()
      assert.equal(addresses.length, 0)
      const order = await database.db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow()
      assert.equal(order.total_minor > 0, true)
      assert.equal(order.customer_id, customer.customerId)
      // the address can be used for a new account
      await signupCustomer(app, { email: customer.email })
    })
  })
}
