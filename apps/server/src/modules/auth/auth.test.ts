import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { insertSite } from '../../platform/testing/fixtures.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'

for (const { engine, skip } of testEngines()) {
  describe(`anonymous auth on ${engine}`, { skip }, () => {
    test('login issues a bearer token for a new 30-character session', async () => {
      const { app } = await createTestApp(engine)
      const res = await app.inject({ method: 'GET', url: '/api/auth/anonymous/login?client_id=storefront' })
      assert.equal(res.statusCode, 200)
      const body = res.json()
      assert.equal(body.token_type, 'Bearer')
      assert.equal(body.expires_in, 3599)
      assert.match(body.session_id, /^[A-Za-z0-9]{30}$/)
      assert.ok(body.access_token.length >= 40)
    })

    test('login keeps a given session id and refuses a malformed one', async () => {
      const { app } = await createTestApp(engine)
      const session = 'abcdefghijABCDEFGHIJ0123456789'
      const ok = await app.inject({ method: 'GET', url: `/api/auth/anonymous/login?session_id=${session}` })
      assert.equal(ok.json().session_id, session)
      const bad = await app.inject({ method: 'GET', url: '/api/auth/anonymous/login?session_id=short' })
      assert.equal(bad.statusCode, 400)
      assert.equal(bad.json().details[0].field, 'querystring.session_id')
    })

    test('logout revokes the token', async () => {
      const { app, database } = await createTestApp(engine)
      const siteCode = await insertSite(database.db)
      const token = (await app.inject({ method: 'GET', url: '/api/auth/anonymous/login' })).json()
        .access_token
      const headers = { authorization: `Bearer ${token}` }
      const create = () =>
        app.inject({ method: 'POST', url: '/api/cart/carts', headers, payload: { siteCode } })
      assert.equal((await create()).statusCode, 201)
      const out = await app.inject({ method: 'GET', url: '/api/auth/logout', headers })
      assert.equal(out.statusCode, 204)
      assert.equal((await create()).statusCode, 401)
      assert.equal((await app.inject({ method: 'GET', url: '/api/auth/logout' })).statusCode, 204)
    })
  })
}
