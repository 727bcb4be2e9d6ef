import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, describe, test } from 'node:test'
import { OAuth2Server } from 'oauth2-mock-server'
import { identityDb } from '../../platform/auth/schema.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { FAST_HASH_ENV, lastMailTo, PASSWORD, signupCustomer, uniqueEmail } from './auth.testing.ts'

const CLIENT_ID = 'shop-test-client'
const FB_APP = '4242'

/** A real OpenID Connect server on loopback (discovery, JWKS, RS256-signed ID tokens). */
async function startIssuer() {
  const server = new OAuth2Server()
  await server.issuer.keys.generate('RS256')
  await server.start(0, '127.0.0.1')
  after(() => server.stop())
  const idToken = (claims: Record<string, unknown>, expiresIn = 300) =>
    server.issuer.buildToken({
      expiresIn,
      scopesOrTransform: (_header, payload) => {
        Object.assign(payload, { aud: CLIENT_ID, email_verified: true }, claims)
      },
    })
  return { url: server.issuer.url as string, idToken }
}

/** A loopback stand-in for Facebook's Graph API: /debug_token and /me for a few known user tokens. */
async function startGraph() {
  const users: Record<string, { app: string; id: string; email?: string }> = {
    'fb-token-ada': { app: FB_APP, id: '1001', email: 'ada.fb@example.com' },
    'fb-token-other-app': { app: '9999', id: '1002', email: 'other@example.com' },
    'fb-token-no-mail': { app: FB_APP, id: '1003' },
  }
  const calls: string[] = []
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://graph')
    calls.push(url.pathname)
    res.setHeader('content-type', 'application/json')
    if (url.pathname === '/v19.0/debug_token') {
      if (url.searchParams.get('access_token') !== `${FB_APP}|fb-secret`) return res.writeHead(400).end('{}')
      const user = users[url.searchParams.get('input_token') ?? '']
      return res.end(
        JSON.stringify({
          data: user ? { is_valid: true, app_id: user.app, user_id: user.id } : { is_valid: false },
        }),
      )
    }
    if (url.pathname === '/v19.0/me') {
      const user = users[url.searchParams.get('access_token') ?? '']
      if (!user) return res.writeHead(401).end('{}')
      return res.end(JSON.stringify({ id: user.id, email: user.email, first_name: 'Ada', last_name: 'Face' }))
    }
    res.writeHead(404).end('{}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  after(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v19.0`, calls }
}

for (const { engine, skip } of testEngines()) {
  describe(`social sign-in on ${engine}`, { skip }, async () => {
    const issuer = await startIssuer()
    const graph = await startGraph()
    const { app, database } = await createTestApp(engine, {
      ...FAST_HASH_ENV,
      GOOGLE_ISSUER: issuer.url,
      GOOGLE_CLIENT_ID: CLIENT_ID,
      FACEBOOK_GRAPH_URL: graph.url,
      FACEBOOK_APP_ID: FB_APP,
      FACEBOOK_APP_SECRET: 'fb-secret',
    })
    const social = (provider: string, accessToken: string) =>
      app.inject({ method: 'POST', url: `/api/auth/login/${provider}`, payload: { accessToken } })
    const me = (token: string) =>
      app.inject({ method: 'GET', url: '/api/customer/me', headers: { authorization: `Bearer ${token}` } })

    test('loginconfig lists both providers', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/auth/loginconfig' })
      assert.deepEqual(res.json().providers, [
        { providerId: 'google', clientId: CLIENT_ID, issuer: issuer.url },
        { providerId: 'facebook', clientId: FB_APP, issuer: graph.url },
      ])
    })

    test('google: a verified ID token creates a password-less account, the same subject signs in again', async () => {
      const email = uniqueEmail('google')
      const token = await issuer.idToken({
        sub: `g-${email}`,
        email,
        given_name: 'Grace',
        family_name: 'Hopper',
      })
      const first = await social('google', token)
      assert.equal(first.statusCode, 200, first.body)
      const account = (await me(first.json().accessToken)).json()
      assert.equal(account.contactEmail, email)
      assert.equal(account.firstName, 'Grace')
      assert.deepEqual(account.accounts, [{ providerId: 'google' }])
      const again = await social(
        'google',
        await issuer.idToken({ sub: `g-${email}`, email: 'changed@example.com' }),
      )
      assert.equal(again.json().customerId, first.json().customerId)
      const change = await app.inject({
        method: 'POST',
        url: '/api/auth/password/change',
        headers: { authorization: `Bearer ${again.json().accessToken}` },
        payload: { currentPassword: 'anything1', newPassword: 'something new', email },
      })
      assert.equal(change.statusCode, 403)
      assert.equal(change.json().type, 'social_account')
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'anything1' },
      })
      assert.equal(login.statusCode, 401)
    })

    test('google: wrong audience, expired, unverified e-mail, foreign signature and garbage are refused', async () => {
      const email = uniqueEmail('google')
      const cases = [
        await issuer.idToken({ sub: 's1', email, aud: 'another-client' }),
        await issuer.idToken({ sub: 's2', email }, -60),
        await issuer.idToken({ sub: 's3', email, email_verified: false }),
        await issuer.idToken({ sub: 's4', email, iss: 'http://127.0.0.1:1/elsewhere' }),
        'not.a.jwt',
      ]
      const foreign = new OAuth2Server()
      await foreign.issuer.keys.generate('RS256')
      await foreign.start(0, '127.0.0.1')
      const forged = await foreign.issuer.buildToken({
        scopesOrTransform: (_h, p) =>
          Object.assign(p, { iss: issuer.url, aud: CLIENT_ID, sub: 's5', email, email_verified: true }),
      })
      await foreign.stop()
      cases.push(forged)
      for (const token of cases) {
        const res = await social('google', token)
        assert.equal(res.statusCode, 401, token)
        assert.equal(res.json().type, 'login_failed')
      }
      const row = await identityDb(database.db)
        .selectFrom('customers')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst()
      assert.equal(row, undefined)
    })

    test('google links an existing account by verified e-mail; an unproven password is dropped', async () => {
      const squatted = await signupCustomer(app)
      const linked = await social(
        'google',
        await issuer.idToken({ sub: `g-${squatted.email}`, email: squatted.email }),
      )
      assert.equal(linked.json().customerId, squatted.customerId)
      assert.deepEqual((await me(linked.json().accessToken)).json().accounts, [{ providerId: 'google' }])
      assert.equal((await me(squatted.accessToken)).statusCode, 401)
      const viaPassword = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: squatted.email, password: PASSWORD },
      })
      assert.equal(viaPassword.statusCode, 401)

      // a password whose owner proved the mailbox (reset by mail) stays next to the link
      const owner = await signupCustomer(app)
      await app.inject({ method: 'POST', url: '/api/auth/password/reset', payload: { email: owner.email } })
      const { token } = await lastMailTo(app, owner.email)
      await app.inject({
        method: 'POST',
        url: '/api/auth/password/reset/update',
        payload: { token, password: 'proven password' },
      })
      const both = await social(
        'google',
        await issuer.idToken({ sub: `g-${owner.email}`, email: owner.email }),
      )
      assert.deepEqual((await me(both.json().accessToken)).json().accounts, [
        { providerId: 'internal' },
        { providerId: 'google' },
      ])
      const pw = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: owner.email, password: 'proven password' },
      })
      assert.equal(pw.statusCode, 200)
    })

    test('facebook: debug_token + /me verify the token; other apps and mail-less accounts are refused', async () => {
      const ok = await social('facebook', 'fb-token-ada')
      assert.equal(ok.statusCode, 200, ok.body)
      const account = (await me(ok.json().accessToken)).json()
      assert.equal(account.contactEmail, 'ada.fb@example.com')
      assert.deepEqual(account.accounts, [{ providerId: 'facebook' }])
      assert.ok(graph.calls.includes('/v19.0/debug_token') && graph.calls.includes('/v19.0/me'))
      assert.equal((await social('facebook', 'fb-token-ada')).json().customerId, ok.json().customerId)
      for (const token of ['fb-token-other-app', 'fb-token-no-mail', 'fb-unknown']) {
        const res = await social('facebook', token)
        assert.equal(res.statusCode, 401, token)
        assert.equal(res.json().type, 'login_failed')
      }
      assert.equal((await social('twitter', 'x')).statusCode, 400)
    })
  })
}
