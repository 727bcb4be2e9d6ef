import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { FAST_HASH_ENV, signupCustomer } from '../auth/auth.testing.ts'
import { setRole } from '../customer/customer.service.ts'

for (const { engine, skip } of testEngines()) {
  describe(`the owner's view of the mail queue on ${engine}`, { skip }, async () => {
    // An SMTP server that refuses every connection and one attempt per mail: every mail fails for good.
    const { app, database } = await createTestApp(engine, {
      ...FAST_HASH_ENV,
      SMTP_URL: 'smtp://127.0.0.1:1',
      MAIL_MAX_ATTEMPTS: '1',
    })
    const owner = await signupCustomer(app)
    assert.ok(await setRole(database.db, owner.email, 'owner'))
    const queue = (headers: Record<string, string>, query = '') =>
      app.inject({ method: 'GET', url: `/api/owner/mail${query}`, headers })

    test('a mail that could not be delivered shows as failed, with its error and without its body', async () => {
      const customer = await signupCustomer(app)
      const reset = await app.inject({
        method: 'POST',
        url: '/api/auth/password/reset',
        payload: { email: customer.email },
      })
      assert.equal(reset.statusCode, 204)
      let failed: { to: string; status: string; lastError: string | null; attempts: number } | undefined
      for (let i = 0; i < 100 && !failed; i++) {
        const res = await queue(owner.headers, '?status=failed')
        assert.equal(res.statusCode, 200)
        failed = res.json().mails.find((m: { to: string }) => m.to === customer.email)
        if (!failed) await new Promise((resolve) => setTimeout(resolve, 100))
      }
      assert.ok(failed, 'the reset mail is listed as failed')
      assert.equal(failed.status, 'failed')
      assert.equal(failed.attempts, 1)
      assert.ok(failed.lastError, 'the SMTP error is kept')
      assert.ok(!('text' in failed) && !('html' in failed), 'no body: reset links are live credentials')
      const all = (await queue(owner.headers)).json()
      assert.ok(all.counts.failed >= 1)
      assert.equal(typeof all.counts.pending, 'number')
    })

    test('customers get 403, anonymous callers 401, a bad status 400', async () => {
      const customer = await signupCustomer(app)
      assert.equal((await queue(customer.headers)).statusCode, 403)
      assert.equal((await queue({})).statusCode, 401)
      assert.equal((await queue(owner.headers, '?status=lost')).statusCode, 400)
    })
  })
}
