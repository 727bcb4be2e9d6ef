import assert from 'node:assert/strict'
import type { AddressInfo } from 'node:net'
import { after, describe, test } from 'node:test'
import { SMTPServer } from 'smtp-server'
import { loadConfig } from '../../platform/config.ts'
import { insertCoupon } from '../../platform/testing/fixtures.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { FAST_HASH_ENV, PASSWORD, signupCustomer, uniqueEmail } from '../auth/auth.testing.ts'
import { bearer, getCart } from '../cart/cart.testing.ts'
import { placeOrder, readyToOrder, shopWithProduct } from '../checkout/checkout.testing.ts'
import { queueOrderConfirmation } from '../order/confirmation.service.ts'
import { findEntries, findOrder } from '../order/order.repository.ts'
import { listMessages } from './mail.repository.ts'

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

/** Undoes MIME for assertions: RFC 2047 encoded words (the subject) and quoted-printable bodies, as UTF-8. */
function decoded(mail: Received): string {
  const split = mail.raw.search(/\r?\n\r?\n/)
  const head = mail.raw
    .slice(0, split)
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : qp(text.replace(/_/g, ' ')),
    )
  return head + qp(mail.raw.slice(split).replace(/=\r?\n/g, ''))
}

function qp(text: string): string {
  return Buffer.from(
    text.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8')
}

const subjectOf = (mail: Received) =>
  decoded(mail)
    .match(/^Subject: (.*)$/m)?.[1]
    ?.trim()

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
    const env = {
      ...FAST_HASH_ENV,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Shop <shop@example.com>',
      PUBLIC_URL: 'https://shop.example.com',
    }
    const { app, database } = await createTestApp(engine, env)
    // Mail is delivered by the queue's worker after the answer: wait for the next mail to `to` not seen yet.
    const seen = new Set<object>()
    const waitFor = async (to: string) => {
      for (let i = 0; i < 100; i++) {
        const mail = smtp.inbox.find((m) => m.to.includes(to) && !seen.has(m))
        if (mail) {
          seen.add(mail)
          return mail
        }
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
      const kept = await listMessages(database.db)
      assert.ok(
        kept.every((m) => m.status === 'sent' && !m.text_body.includes(token) && !m.html_body),
        'with SMTP a delivered mail keeps no body (no token)',
      )
      const mailbox = await app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress: '127.0.0.1' })
      assert.deepEqual(mailbox.json().mails, [], 'with SMTP the development mailbox is empty')
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

    test('account mails in German when the storefront asks in German (Accept-Language)', async () => {
      const de = { 'accept-language': 'de;q=1,en;q=0.5' }
      const customer = await signupCustomer(app)
      await app.inject({
        method: 'POST',
        url: '/api/auth/password/reset',
        headers: de,
        payload: { email: customer.email },
      })
      const reset = await waitFor(customer.email)
      assert.equal(subjectOf(reset), 'Passwort zurücksetzen')
      assert.match(decoded(reset), /Neues Passwort festlegen/)
      assert.match(decoded(reset), /<html lang="de">/)
      assert.equal(linkIn(reset).pathname, '/reset-password/update')

      await app.inject({
        method: 'POST',
        url: '/api/customer/me/deletion',
        headers: { ...customer.headers, ...de },
      })
      const deletion = await waitFor(customer.email)
      assert.notEqual(deletion, reset)
      assert.equal(subjectOf(deletion), 'Bestätigen Sie die Löschung Ihres Kontos')
      assert.equal(linkIn(deletion).pathname, '/delete-account')

      const newEmail = uniqueEmail('smtp-de')
      await app.inject({
        method: 'POST',
        url: '/api/customer/me/accounts/internal/email/change',
        headers: { ...customer.headers, ...de },
        payload: { email: newEmail, password: PASSWORD },
      })
      const change = await waitFor(newEmail)
      assert.equal(subjectOf(change), 'Bestätigen Sie Ihre neue E-Mail-Adresse')
      assert.equal(linkIn(change).pathname, '/change-email/confirm')
    })

    test('without Accept-Language the customer’s stored language decides; unknown languages fall back to en', async () => {
      const german = await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email: uniqueEmail('stored-de'), password: PASSWORD, preferredLanguage: 'de' },
      })
      const email = german.json().userName as string
      await app.inject({ method: 'POST', url: '/api/auth/password/reset', payload: { email } })
      assert.equal(subjectOf(await waitFor(email)), 'Passwort zurücksetzen')

      const other = await signupCustomer(app)
      await app.inject({
        method: 'POST',
        url: '/api/auth/password/reset',
        headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
        payload: { email: other.email },
      })
      assert.equal(subjectOf(await waitFor(other.email)), 'Reset your password')
    })

    describe('order confirmation', async () => {
      const order = async (
        email: string,
        headers: Record<string, string> = {},
        token?: string,
        coupons: string[] = [],
      ) => {
        const ready = await readyToOrder(app, await shopWithProduct(database.db), { token })
        for (const code of coupons) {
          const applied = await app.inject({
            method: 'POST',
            url: `/api/cart/carts/${ready.cartId}/discounts`,
            headers: bearer(ready.token),
            payload: { code },
          })
          assert.equal(applied.statusCode, 201, applied.body)
        }
        // With coupons the total is the discounted cart's plus shipping (5.99, not taxed).
        const totalPrice = coupons.length
          ? Math.round(((await getCart(app, ready.token, ready.cartId)).totalPrice.amount + 5.99) * 100) / 100
          : ready.body.totalPrice
        const res = await app.inject({
          method: 'POST',
          url: '/api/checkout/checkouts/order',
          headers: { ...bearer(ready.token), ...headers },
          payload: {
            ...ready.body,
            totalPrice,
            customer: { ...ready.body.customer, email },
            addresses: ready.body.addresses.map((a) => ({ ...a, companyName: 'Engines & Co' })),
          },
        })
        assert.equal(res.statusCode, 201, res.body)
        return res.json().orderId as string
      }

      test('a guest order is confirmed by mail in English: id, items, totals, address, phone', async () => {
        const email = uniqueEmail('order-en')
        const orderId = await order(email, { 'accept-language': 'en' })
        const mail = await waitFor(email)
        const text = decoded(mail)
        assert.equal(subjectOf(mail), `Your order ${orderId}`)
        assert.match(text, new RegExp(`Order number: ${orderId}`))
        assert.match(text, /Items \(2 items\):/)
        assert.match(text, /2 × .+: \$39\.98/)
        assert.match(text, /Subtotal: \$39\.98/)
        assert.match(text, /Sales tax: \$3\.30/)
        assert.match(text, /Shipping \(.+\): \$5\.99/)
        assert.match(text, /Total: \$49\.27/)
        assert.match(text, /Engines &amp; Co/, 'the HTML part escapes what the shopper typed')
        assert.match(text, /Ada Lovelace\r\nEngines & Co\r\n1 Main Street\r\nSpringfield 12345\r\nUS/)
        assert.match(text, /\+1 \(800\) 555-0142/)
        assert.doesNotMatch(text, /\/account\/orders\//, 'a guest order has no account link')
      })

      test('in German for a German storefront; a customer’s mail links the order in the account', async () => {
        const customer = await signupCustomer(app)
        const orderId = await order(
          customer.email,
          { 'accept-language': 'de;q=1,en;q=0.5' },
          customer.accessToken,
        )
        const mail = await waitFor(customer.email)
        const text = decoded(mail)
        assert.equal(subjectOf(mail), `Ihre Bestellung ${orderId}`)
        assert.match(text, new RegExp(`Bestellnummer: ${orderId}`))
        assert.match(text, /2 Artikel/)
        assert.match(text, /Gesamt: 49,27\s\$/)
        assert.match(text, /Lieferadresse:/)
        assert.equal(linkIn(mail).toString(), `https://shop.example.com/account/orders/${orderId}`)
      })

      test('each coupon is its own discount line named by its code, in English and in German', async () => {
        const absolute = await insertCoupon(database.db, { amountMinor: 500 })
        const percent = await insertCoupon(database.db, { discountType: 'PERCENT', percentage: 10 })
        const email = uniqueEmail('order-coupons-en')
        await order(email, { 'accept-language': 'en' }, undefined, [absolute, percent])
        const text = decoded(await waitFor(email))
        assert.match(text, new RegExp(`^Discount \\(${absolute}\\): -\\$5\\.00\\r?$`, 'm'))
        assert.match(text, new RegExp(`^Discount \\(${percent}\\): -\\$4\\.00\\r?$`, 'm')) // 10 % of 39.98
        assert.doesNotMatch(text, /^Discount: /m, 'no unnamed discount line')
        assert.match(text, new RegExp(`<td>Discount \\(${absolute}\\)</td><td[^>]*>-\\$5\\.00</td>`))

        const customer = await signupCustomer(app)
        const second = await insertCoupon(database.db, { amountMinor: 500 })
        await order(customer.email, { 'accept-language': 'de' }, customer.accessToken, [second])
        const german = decoded(await waitFor(customer.email))
        assert.match(german, new RegExp(`^Rabatt \\(${second}\\): -5,00\\s\\$\\r?$`, 'm'))
        assert.doesNotMatch(german, /^Rabatt: /m, 'no unnamed discount line')
      })

      test('at most one confirmation per order, and a failed order sends none', async () => {
        const email = uniqueEmail('order-once')
        const orderId = await order(email)
        await waitFor(email)
        const ctx = { db: database.db, engine, config: loadConfig(env), log: app.log }
        const row = await findOrder(database.db, orderId)
        assert.ok(row)
        const written = { order: row, entries: await findEntries(database.db, orderId) }
        for (const language of ['en', 'de']) {
          await queueOrderConfirmation(ctx, written, {
            acceptLanguage: language,
            preferredLanguage: null,
            language,
            contactPhone: '+1 555 0100',
          })
        }
        const queued = (await listMessages(database.db)).filter((m) => m.recipient === email)
        assert.equal(queued.length, 1, 'queued once per order')
        await new Promise((r) => setTimeout(r, 200))
        assert.equal(smtp.inbox.filter((m) => m.to.includes(email)).length, 1)

        const declined = uniqueEmail('order-declined')
        const ready = await readyToOrder(app, await shopWithProduct(database.db), {
          card: '4000000000000002',
        })
        const res = await placeOrder(app, ready.token, {
          ...ready.body,
          customer: { ...ready.body.customer, email: declined },
        })
        assert.equal(res.statusCode, 402)
        await new Promise((r) => setTimeout(r, 200))
        assert.equal(smtp.inbox.filter((m) => m.to.includes(declined)).length, 0)
      })
    })
  })
}
