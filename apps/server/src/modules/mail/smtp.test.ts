import assert from 'node:assert/strict'
import type { AddressInfo } from 'node:net'
import { after, describe, test } from 'node:test'
import { SMTPServer } from 'smtp-server'
import { identityDb } from '../../platform/auth/schema.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { FAST_HASH_ENV, PASSWORD, signupCustomer, uniqueEmail } from '../auth/auth.testing.ts'

interface Received {
  from: string
  to: string[]
  raw: string
}

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtp() {
  const inbox: Received[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  after(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return { port: (server.server.address() as AddressInfo).port, inbox }
}

/** The storefront link in a received mail (quoted-printable soft breaks undone). */
function linkIn(mail: Received): URL {
  const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
  const match = text.match(/https?:\/\/[^\s"<]+/)
  assert.ok(match, 'a link in the mail')
  return new URL(match[0])
}

for (const { engine, skip } of testEngines()) {
  describe(`mail over SMTP on ${engine}`, { skip }, async () => {
    const smtp = await startSmtp()
    const { app, database } = await createTestApp(engine, {
      ...FAST_HASH_ENV,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Shop <shop@example.com>',
      PUBLIC_URL: 'https://shop.example.com',
    })
    const waitFor = async (to: string) => {
      for (let i = 0; i < 50; i++) {
        const mail = smtp.inbox.findLast((m) => m.to.includes(to))
        if (mail) return mail
        await new Promise((r) => setTimeout(r, 50))
      }
      throw new Error(`no mail to ${to}`)
    }

    test('password reset: the mail arrives by SMTP and its link sets the new password', async () => {
      const customer = await signupCustomer(app)
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/password/reset',
        payload: { email: customer.email },
      })
      assert.equal(res.statusCode, 204)
      const mail = await waitFor(customer.email)
      assert.equal(mail.from, 'shop@example.com')
      assert.match(mail.raw, /Subject: Reset your password/)
      const link = linkIn(mail)
      assert.equal(link.origin + link.pathname, 'https://shop.example.com/reset-password/update')
      const token = link.searchParams.get('token') ?? ''
      const update = await app.inject({
        method: 'POST',
        url: '/api/auth/password/reset/update',
        payload: { token, password: 'from the mail' },
      })
      assert.equal(update.statusCode, 204)
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: customer.email, password: 'from the mail' },
      })
      assert.equal(login.statusCode, 200)
      const outbox = await identityDb(database.db).selectFrom('outbox').select('id').execute()
      assert.equal(outbox.length, 0, 'with SMTP nothing (no token) is kept in the outbox')
    })

    test('e-mail change and account deletion links arrive and work', async () => {
      const customer = await signupCustomer(app)
      const newEmail = uniqueEmail('smtp')
      await app.inject({
        method: 'POST',
        url: '/api/customer/me/accounts/internal/email/change',
        headers: customer.headers,
        payload: { email: newEmail, password: PASSWORD },
      })
      const change = linkIn(await waitFor(newEmail))
      assert.equal(change.pathname, '/change-email/confirm')
      const confirmed = await app.inject({
        method: 'POST',
        url: '/api/customer/me/accounts/internal/email/change/confirm',
        payload: { token: change.searchParams.get('token') },
      })
      assert.equal(confirmed.json().contactEmail, newEmail)

      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: newEmail, password: PASSWORD },
      })
      const headers = { authorization: `Bearer ${login.json().accessToken}` }
      await app.inject({ method: 'POST', url: '/api/customer/me/deletion', headers })
      const deletion = linkIn(await waitFor(newEmail))
      assert.equal(deletion.pathname, '/delete-account')
      const del = await app.inject({
        method: 'DELETE',
        url: `/api/customer/me?token=${deletion.searchParams.get('token')}`,
        headers,
      })
      assert.equal(del.statusCode, 204)
    })
  })
}
