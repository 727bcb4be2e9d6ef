import assert from 'node:assert/strict'
import type { AddressInfo } from 'node:net'
import { after, describe, test } from 'node:test'
import { SMTPServer } from 'smtp-server'
import { insertSite } from '../../platform/testing/fixtures.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { FAST_HASH_ENV, signupCustomer } from '../auth/auth.testing.ts'
import { placeOrder, readyToOrder, shopWithProduct } from '../checkout/checkout.testing.ts'
import { findMessageByKey } from '../mail/mail.repository.ts'
import { staffMember } from './backoffice.testing.ts'

/**
 * The shop's settings (docs/decisions/0067-staff-sites-and-tax.md): contact phone, mail sender, logo and icon;
 * refusals by field, the storefront's site answer, the phone in the mails, the sender in their From header.
 */
const settings = (over: Record<string, unknown> = {}) => ({
  contactPhone: '+49 30 1234567',
  mailFromName: 'Fluent Goods',
  mailFromAddress: 'Hello@Fluent.example',
  logoUrl: '/media/u/0123456789abcdef0123456789abcdef/640.webp',
  iconUrl: 'https://cdn.example.com/icon.png',
  ...over,
})
const PLACEHOLDER = '+1 (800) 555-0142'

for (const { engine, skip } of testEngines()) {
  describe(`the owner's shop settings on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine, {
      ...FAST_HASH_ENV,
      MAIL_FROM: 'Shop <shop@localhost>',
    })
    const db = database.db
    const shop = await shopWithProduct(db)
    const owner = await staffMember(app, db, 'owner')
    const put = (payload: object, headers = owner.headers) =>
      app.inject({ method: 'PUT', url: '/api/owner/shop-settings', headers, payload })
    const confirmation = async () => {
      const { token, body } = await readyToOrder(app, shop, { quantity: 1 })
      const placed = await placeOrder(app, token, body)
      assert.equal(placed.statusCode, 201, placed.body)
      const mail = await findMessageByKey(db, `order-confirmation:${placed.json().orderId}`)
      assert.ok(mail, 'the confirmation is queued')
      return mail
    }

    test('unset: the defaults, and the placeholder phone in the confirmation mail', async () => {
      const res = await app.inject({ url: '/api/owner/shop-settings', headers: owner.headers })
      assert.equal(res.statusCode, 200, res.body)
      assert.deepEqual(res.json(), {
        contactPhone: null,
        mailFromName: null,
        mailFromAddress: null,
        logoUrl: null,
        iconUrl: null,
        defaults: { contactPhone: PLACEHOLDER, mailFrom: 'Shop <shop@localhost>' },
      })
      const mail = await confirmation()
      assert.match(mail.text_body, /\+1 \(800\) 555-0142/)
    })

    test('refusals name their field; nothing is written', async () => {
      for (const [over, field] of [
        [{ contactPhone: 'call us' }, 'body.contactPhone'],
        [{ contactPhone: '1234' }, 'body.contactPhone'],
        [{ contactPhone: '+49 30 1234567 ext. 5' }, 'body.contactPhone'],
        [{ mailFromAddress: 'not an address' }, 'body.mailFromAddress'],
        [{ mailFromName: 'Shop <evil@example.com>' }, 'body.mailFromName'],
        [{ mailFromName: 'Shop\r\nBcc: evil@example.com' }, 'body.mailFromName'],
        [{ logoUrl: 'javascript:alert(1)' }, 'body.logoUrl'],
        [{ iconUrl: 'http://insecure.example.com/i.png' }, 'body.iconUrl'],
      ] as const) {
        const res = await put(settings(over))
        assert.equal(res.statusCode, 400, `${JSON.stringify(over)}: ${res.body}`)
        assert.deepEqual(
          res.json().details.map((d: { field: string }) => d.field),
          [field],
          JSON.stringify(over),
        )
      }
      const now = (await app.inject({ url: '/api/owner/shop-settings', headers: owner.headers })).json()
      assert.equal(now.contactPhone, null)
    })

    test('set: the storefront shows them at once, the mails carry the phone, the change is audited', async () => {
      const res = await put(settings())
      assert.equal(res.statusCode, 200, res.body)
      assert.equal(res.json().mailFromAddress, 'hello@fluent.example')
      const site = (await app.inject({ url: `/api/site/sites/${shop.siteCode}?expand=mixin:*` })).json()
      assert.equal(site.mixins.contactPhone, '+49 30 1234567')
      assert.equal(site.mixins.storeLogoImageKey, settings().logoUrl)
      assert.equal(site.mixins.storeIconImageKey, settings().iconUrl)
      const bare = (await app.inject({ url: `/api/site/sites/${shop.siteCode}` })).json()
      assert.equal(bare.mixins, undefined)
      const mail = await confirmation()
      assert.match(mail.text_body, /\+49 30 1234567/)
      assert.match(mail.html_body ?? '', /\+49 30 1234567/)
      assert.doesNotMatch(mail.text_body, /555-0142/)
      const audit = (
        await app.inject({ url: '/api/owner/audit?entity=shop_settings', headers: owner.headers })
      ).json()
      assert.equal(audit[0].action, 'update')
      assert.equal(audit[0].before.contactPhone, null)
      assert.equal(audit[0].after.contactPhone, '+49 30 1234567')
    })

    test('cleared: back to the placeholder', async () => {
      const cleared = await put({
        contactPhone: null,
        mailFromName: null,
        mailFromAddress: null,
        logoUrl: null,
        iconUrl: null,
      })
      assert.equal(cleared.statusCode, 200, cleared.body)
      const site = (await app.inject({ url: `/api/site/sites/${shop.siteCode}?expand=mixin:*` })).json()
      assert.equal(site.mixins.contactPhone, undefined)
      assert.match((await confirmation()).text_body, /\+1 \(800\) 555-0142/)
    })

    test('the catalogue staff may not read or change them', async () => {
      const catalogue = await staffMember(app, db, 'catalogue')
      assert.equal((await put(settings(), catalogue.headers)).statusCode, 403)
      const read = await app.inject({ url: '/api/owner/shop-settings', headers: catalogue.headers })
      assert.equal(read.statusCode, 403)
    })
  })

  describe(`the mail sender in the From header over SMTP on ${engine}`, { skip }, async () => {
    const received: Array<{ from: string; raw: string }> = []
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (c: Buffer) => chunks.push(c))
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            raw: Buffer.concat(chunks).toString('utf8'),
          })
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    after(() => new Promise<void>((resolve) => server.close(() => resolve())))
    const port = (server.server.address() as AddressInfo).port
    const { app, database } = await createTestApp(engine, {
      ...FAST_HASH_ENV,
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Shop <shop@example.com>',
    })
    await insertSite(database.db)
    const owner = await staffMember(app, database.db, 'owner')
    const resetMail = async () => {
      const customer = await signupCustomer(app)
      const reset = await app.inject({
        method: 'POST',
        url: '/api/auth/password/reset',
        payload: { email: customer.email },
      })
      assert.equal(reset.statusCode, 204)
      for (let i = 0; i < 100; i++) {
        const mail = received.find((m) => m.raw.includes(customer.email))
        if (mail) return mail
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      throw new Error(`no mail to ${customer.email}`)
    }
    const fromHeader = (raw: string) => /^From: (.*)$/m.exec(raw)?.[1]?.trim()

    test('MAIL_FROM until the owner sets a sender; then the owner’s, at once', async () => {
      const before = await resetMail()
      assert.equal(before.from, 'shop@example.com')
      assert.equal(fromHeader(before.raw), 'Shop <shop@example.com>')
      const res = await app.inject({
        method: 'PUT',
        url: '/api/owner/shop-settings',
        headers: owner.headers,
        payload: settings({ mailFromName: 'Fluent Goods Service' }),
      })
      assert.equal(res.statusCode, 200, res.body)
      const set = await resetMail()
      assert.equal(set.from, 'hello@fluent.example')
      assert.equal(fromHeader(set.raw), 'Fluent Goods Service <hello@fluent.example>')
      // only a name: MAIL_FROM's address with it
      await app.inject({
        method: 'PUT',
        url: '/api/owner/shop-settings',
        headers: owner.headers,
        payload: settings({ mailFromAddress: null, mailFromName: 'Fluent Goods' }),
      })
      const named = await resetMail()
      assert.equal(named.from, 'shop@example.com')
      assert.equal(fromHeader(named.raw), 'Fluent Goods <shop@example.com>')
    })
  })
}
