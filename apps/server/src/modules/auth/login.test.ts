import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { createTestApp, PRODUCTION_TRIAL_ENV } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import {
  anonymousToken,
  FAST_HASH_ENV,
  lastMailTo,
  PASSWORD,
  signupCustomer,
  uniqueEmail,
} from './auth.testing.ts'

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST' as const,
  url,
  payload: payload as Record<string, unknown>,
  headers,
})

for (const { engine, skip } of testEngines()) {
  describe(`sign-in and sign-up on ${engine}`, { skip }, async () => {
    const { app } = await createTestApp(engine, {
      ...FAST_HASH_ENV,
      LOGIN_MAX_FAILURES: '3',
      LOGIN_DELAY_SECONDS: '1',
      LOGIN_ACCOUNT_MAX_FAILURES: '5',
      RATE_LIMIT_PER_ACCOUNT: '6',
      RATE_LIMIT_PER_ADDRESS: '1000',
    })

    test('sign-up signs in, keeps the anonymous session and revokes the anonymous token', async () => {
      const anon = await anonymousToken(app)
      const email = uniqueEmail()
      const res = await app.inject(
        post('/api/auth/signup', { email, password: PASSWORD }, { authorization: `Bearer ${anon.token}` }),
      )
      assert.equal(res.statusCode, 201)
      const body = res.json()
      assert.equal(body.sessionId, anon.sessionId)
      assert.equal(body.userName, email)
      assert.equal(body.expiresIn, 3599)
      assert.notEqual(body.accessToken, anon.token)
      assert.match(String(res.headers['set-cookie']), /shop_token=.*HttpOnly.*SameSite=Lax/)
      const old = await app.inject({
        method: 'GET',
        url: '/api/customer/me',
        headers: { authorization: `Bearer ${anon.token}` },
      })
      assert.equal(old.statusCode, 401)
      const me = await app.inject({
        method: 'GET',
        url: '/api/customer/me',
        headers: { authorization: `Bearer ${body.accessToken}` },
      })
      assert.equal(me.statusCode, 200)
      assert.equal(me.json().contactEmail, email)
      assert.deepEqual(me.json().accounts, [{ providerId: 'internal' }])
    })

    test('sign-up: 400 on the password field, 409 for an existing e-mail (any case)', async () => {
      const weak = await app.inject(post('/api/auth/signup', { email: uniqueEmail(), password: 'short' }))
      assert.equal(weak.statusCode, 400)
      assert.equal(weak.json().details[0].field, 'body.password')
      const nonAscii = await app.inject(
        post('/api/auth/signup', { email: uniqueEmail(), password: 'pässwörter' }),
      )
      assert.equal(nonAscii.statusCode, 400)
      const { email } = await signupCustomer(app)
      const again = await app.inject(
        post('/api/auth/signup', { email: email.toUpperCase(), password: PASSWORD }),
      )
      assert.equal(again.statusCode, 409)
      assert.equal(again.json().type, 'account_already_exists')
    })

    test('sign-up: names follow the name pattern (with apostrophes and full stops), passwords ASCII', async () => {
      const signup = (names: object) =>
        app.inject(post('/api/auth/signup', { email: uniqueEmail(), password: PASSWORD, ...names }))
      const bad = await signup({ firstName: 'Ada<script>', lastName: 'Lovelace' })
      assert.equal(bad.statusCode, 400)
      assert.equal(bad.json().details[0].field, 'body.firstName')
      assert.equal((await signup({ lastName: 'Lovelace; DROP' })).statusCode, 400)
      for (const names of [
        { firstName: 'Zoë-Marie', lastName: 'Müller Lüdenscheidt' },
        { firstName: 'Seán', lastName: "O'Brien" },
        { firstName: 'John', middleName: 'St. John', lastName: 'Smith Jr.' },
        { firstName: '', lastName: '' },
      ])
        assert.equal((await signup(names)).statusCode, 201, JSON.stringify(names))
      const customer = await signupCustomer(app)
      const rename = (lastName: string) =>
        app.inject({
          method: 'PUT',
          url: '/api/customer/me',
          headers: customer.headers,
          payload: { lastName },
        })
      assert.equal((await rename('<b>')).statusCode, 400)
      assert.equal((await rename("D'Arcy")).statusCode, 200)
    })

    test('login rotates the token: old one revoked, session kept; logout revokes', async () => {
      const customer = await signupCustomer(app)
      const res = await app.inject(
        post('/api/auth/login', { email: customer.email, password: PASSWORD }, customer.headers),
      )
      assert.equal(res.statusCode, 200)
      const body = res.json()
      assert.equal(body.sessionId, customer.sessionId)
      assert.equal(body.customerId, customer.customerId)
      const meOld = await app.inject({ method: 'GET', url: '/api/customer/me', headers: customer.headers })
      assert.equal(meOld.statusCode, 401)
      const headers = { authorization: `Bearer ${body.accessToken}` }
      assert.equal((await app.inject({ method: 'GET', url: '/api/customer/me', headers })).statusCode, 200)
      assert.equal((await app.inject({ method: 'GET', url: '/api/auth/logout', headers })).statusCode, 204)
      assert.equal((await app.inject({ method: 'GET', url: '/api/customer/me', headers })).statusCode, 401)
    })

    test('login without a token starts a new session; unknown e-mail and wrong password are 401', async () => {
      const customer = await signupCustomer(app)
      const ok = await app.inject(post('/api/auth/login', { email: customer.email, password: PASSWORD }))
      assert.match(ok.json().sessionId, /^[A-Za-z0-9]{30}$/)
      assert.notEqual(ok.json().sessionId, customer.sessionId)
      const unknown = await app.inject(post('/api/auth/login', { email: uniqueEmail(), password: PASSWORD }))
      assert.equal(unknown.statusCode, 401)
      assert.equal(unknown.json().type, 'invalid_credentials')
      const wrong = await app.inject(
        post('/api/auth/login', { email: customer.email, password: 'not the one' }),
      )
      assert.equal(wrong.statusCode, 401)
      assert.equal(wrong.json().type, 'invalid_credentials')
    })

    const from = (remoteAddress: string, email: string, password: string, extra: object = {}) =>
      app.inject({ ...post('/api/auth/login', { email, password, ...extra }), remoteAddress })

    test('three wrong passwords make that address wait (403, Retry-After), not the owner elsewhere', async () => {
      const customer = await signupCustomer(app)
      for (let i = 0; i < 3; i++) {
        const wrong = await from('10.9.0.1', customer.email, `wrong-${i}`)
        assert.equal(wrong.statusCode, 401)
      }
      const waiting = await from('10.9.0.1', customer.email, PASSWORD)
      assert.equal(waiting.statusCode, 403)
      assert.equal(waiting.json().type, 'account_locked')
      assert.equal(waiting.headers['retry-after'], '1')
      const owner = await from('10.9.0.2', customer.email, PASSWORD)
      assert.equal(owner.statusCode, 200)
    })

    test('waits grow: after the first wait, the next failure waits twice as long', async () => {
      const customer = await signupCustomer(app)
      for (let i = 0; i < 3; i++) await from('10.9.1.1', customer.email, `wrong-${i}`)
      await new Promise((resolve) => setTimeout(resolve, 1100))
      assert.equal((await from('10.9.1.1', customer.email, 'wrong-again')).statusCode, 401)
      const waiting = await from('10.9.1.1', customer.email, PASSWORD)
      assert.equal(waiting.statusCode, 403)
      assert.equal(waiting.headers['retry-after'], '2')
    })

    test('a stranger guessing from many addresses: new browsers locked out, the known device and a reset get in', async () => {
      const customer = await signupCustomer(app)
      const first = await from('10.9.2.1', customer.email, PASSWORD)
      const { deviceToken } = first.json()
      assert.match(deviceToken, /^[\w-]{40,}$/)
      for (let i = 0; i < 5; i++) {
        assert.equal((await from(`10.9.3.${i}`, customer.email, `wrong-${i}`)).statusCode, 401)
      }
      const newBrowser = await from('10.9.4.1', customer.email, PASSWORD)
      assert.equal(newBrowser.statusCode, 403)
      assert.equal(newBrowser.json().type, 'account_locked')
      const stranger = await from('10.9.4.2', customer.email, PASSWORD, { deviceToken: 'guessed' })
      assert.equal(stranger.statusCode, 403)
      const known = await from('10.9.4.3', customer.email, PASSWORD, { deviceToken })
      assert.equal(known.statusCode, 200)
      assert.equal(known.json().deviceToken, deviceToken)
      const still = await from('10.9.4.1', customer.email, PASSWORD)
      assert.equal(still.statusCode, 403, 'the known device does not unlock the account for others')

      await app.inject(post('/api/auth/password/reset', { email: customer.email }))
      const { token } = await lastMailTo(app, customer.email)
      assert.ok(token, 'a reset link was mailed')
      const reset = await app.inject(
        post('/api/auth/password/reset/update', { token, password: `${PASSWORD}-new` }),
      )
      assert.equal(reset.statusCode, 204)
      const afterReset = await from('10.9.4.1', customer.email, `${PASSWORD}-new`)
      assert.equal(afterReset.statusCode, 200)
    })

    test('a cross-site browser form cannot sign in (login CSRF)', async () => {
      const customer = await signupCustomer(app)
      const res = await app.inject(
        post(
          '/api/auth/login',
          { email: customer.email, password: PASSWORD },
          { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
        ),
      )
      assert.equal(res.statusCode, 403)
    })

    test('password change: 401 for a wrong current password; other sessions signed out, own kept', async () => {
      const customer = await signupCustomer(app)
      const other = (
        await app.inject(post('/api/auth/login', { email: customer.email, password: PASSWORD }))
      ).json()
      const wrong = await app.inject(
        post(
          '/api/auth/password/change',
          { currentPassword: 'nope nope', newPassword: 'a new password', email: customer.email },
          customer.headers,
        ),
      )
      assert.equal(wrong.statusCode, 401)
      assert.equal(wrong.json().type, 'wrong_current_password')
      const weak = await app.inject(
        post(
          '/api/auth/password/change',
          { currentPassword: PASSWORD, newPassword: 'x', email: customer.email },
          customer.headers,
        ),
      )
      assert.equal(weak.statusCode, 400)
      assert.equal(weak.json().details[0].field, 'body.newPassword')
      const ok = await app.inject(
        post(
          '/api/auth/password/change',
          { currentPassword: PASSWORD, newPassword: 'a new password', email: customer.email },
          customer.headers,
        ),
      )
      assert.equal(ok.statusCode, 204)
      assert.equal(
        (await app.inject({ method: 'GET', url: '/api/customer/me', headers: customer.headers })).statusCode,
        200,
      )
      const otherMe = await app.inject({
        method: 'GET',
        url: '/api/customer/me',
        headers: { authorization: `Bearer ${other.accessToken}` },
      })
      assert.equal(otherMe.statusCode, 401)
      const relogin = await app.inject(
        post('/api/auth/login', { email: customer.email, password: 'a new password' }),
      )
      assert.equal(relogin.statusCode, 200)
      const anon = await anonymousToken(app)
      const anonChange = await app.inject(
        post(
          '/api/auth/password/change',
          { currentPassword: PASSWORD, newPassword: 'whatever123', email: customer.email },
          { authorization: `Bearer ${anon.token}` },
        ),
      )
      assert.equal(anonChange.statusCode, 401)
    })

    test('password reset: 404 unknown, mail with a one-time link, 400 on reuse', async () => {
      const unknown = await app.inject(post('/api/auth/password/reset', { email: uniqueEmail() }))
      assert.equal(unknown.statusCode, 404)
      assert.equal(unknown.json().type, 'email_not_found')
      const customer = await signupCustomer(app)
      assert.equal(
        (await app.inject(post('/api/auth/password/reset', { email: customer.email }))).statusCode,
        204,
      )
      const mail = await lastMailTo(app, customer.email)
      assert.match(mail.link, /^http:\/\/localhost:3000\/reset-password\/update\?token=/)
      assert.ok(mail.token.length >= 43)
      const update = await app.inject(
        post('/api/auth/password/reset/update', { token: mail.token, password: 'brand new pw' }),
      )
      assert.equal(update.statusCode, 204)
      const reuse = await app.inject(
        post('/api/auth/password/reset/update', { token: mail.token, password: 'another pw 1' }),
      )
      assert.equal(reuse.statusCode, 400)
      assert.equal(reuse.json().type, 'invalid_token')
      assert.match(reuse.json().message, /invalid or has expired/)
      assert.equal(
        (await app.inject({ method: 'GET', url: '/api/customer/me', headers: customer.headers })).statusCode,
        401,
      )
      assert.equal(
        (await app.inject(post('/api/auth/login', { email: customer.email, password: 'brand new pw' })))
          .statusCode,
        200,
      )
      assert.equal(
        (await app.inject(post('/api/auth/login', { email: customer.email, password: PASSWORD }))).statusCode,
        401,
      )
    })

    test('only the newest reset link works; the mailbox lists mail as JSON and HTML', async () => {
      const customer = await signupCustomer(app)
      await app.inject(post('/api/auth/password/reset', { email: customer.email }))
      const first = await lastMailTo(app, customer.email)
      await app.inject(post('/api/auth/password/reset', { email: customer.email }))
      const second = await lastMailTo(app, customer.email)
      assert.notEqual(first.token, second.token)
      const stale = await app.inject(
        post('/api/auth/password/reset/update', { token: first.token, password: 'brand new pw' }),
      )
      assert.equal(stale.statusCode, 400)
      const html = await app.inject({ method: 'GET', url: '/api/dev/mailbox?view=html' })
      assert.match(html.headers['content-type'] as string, /text\/html/)
      assert.match(html.body, /Reset your password/)
    })

    test('loginconfig lists no provider when none is configured', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/auth/loginconfig' })
      assert.deepEqual(res.json(), { providers: [] })
    })
  })
}

for (const { engine, skip } of testEngines()) {
  describe(`development mailbox on ${engine}`, { skip }, async () => {
    test('answers only local, unproxied clients, and never in production', async () => {
      const { app } = await createTestApp(engine, FAST_HASH_ENV)
      assert.equal((await app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode, 200)
      const remote = await app.inject({
        method: 'GET',
        url: '/api/dev/mailbox',
        remoteAddress: '203.0.113.7',
      })
      assert.equal(remote.statusCode, 404)
      const proxied = await app.inject({
        method: 'GET',
        url: '/api/dev/mailbox',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      })
      assert.equal(proxied.statusCode, 404)
      const { app: production } = await createTestApp(engine, { ...FAST_HASH_ENV, ...PRODUCTION_TRIAL_ENV })
      assert.equal((await production.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode, 404)
    })
  })
}
