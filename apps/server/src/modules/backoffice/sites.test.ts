import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { insertSite } from '../../platform/testing/fixtures.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { FAST_HASH_ENV, signupCustomer } from '../auth/auth.testing.ts'
import { anonymousToken, bearer, createCart } from '../cart/cart.testing.ts'
import { staffMember } from './backoffice.testing.ts'

/**
 * The owner's sites (docs/decisions/0067-staff-sites-and-tax.md): listing, creating and editing a site, the
 * refusals naming their field, the default site that always remains, the currency a used site keeps, the audit.
 */
const site = (over: Record<string, unknown> = {}) => ({
  name: 'Fluent Goods Schweiz',
  currency: 'CHF',
  languages: ['de', 'en'],
  defaultLanguage: 'de',
  active: true,
  default: false,
  tax: { type: 'flat', label: 'inkl. 8,1 % MWST', rate: 810, included: true },
  payment: 'test-card',
  ...over,
})

type Detail = { field: string; type: string }

for (const { engine, skip } of testEngines()) {
  describe(`the owner's sites on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine, FAST_HASH_ENV)
    const db = database.db
    await insertSite(db, { code: 'main', languages: ['en', 'de'], taxRate: 825 })
    await db.updateTable('sites').set({ is_default: 1 }).where('code', '=', 'main').execute()
    const owner = await staffMember(app, db, 'owner')
    const catalogue = await staffMember(app, db, 'catalogue')
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = owner.headers) =>
      app.inject({ method, url, headers, ...(payload ? { payload } : {}) })
    const fields = (res: { json(): unknown }) =>
      (res.json() as { details: Detail[] }).details.map((d) => d.field).sort()
    const storefrontSites = async () =>
      (await app.inject({ url: '/api/site/sites' })).json() as Array<{ code: string; default: boolean }>

    test('the list: every site with the options of the form; not for the catalogue staff', async () => {
      const res = await call('GET', '/api/owner/sites')
      assert.equal(res.statusCode, 200, res.body)
      const body = res.json()
      assert.deepEqual(body.languages, ['en', 'de'])
      assert.ok(body.currencies.includes('EUR') && body.currencies.includes('JPY'))
      assert.deepEqual(body.payments, ['test-card'])
      assert.deepEqual(body.taxableCountries, ['US', 'CA'])
      const main = body.sites.find((s: { code: string }) => s.code === 'main')
      assert.deepEqual(main, {
        code: 'main',
        name: 'MAIN',
        position: 0,
        active: true,
        default: true,
        currency: 'USD',
        languages: ['en', 'de'],
        defaultLanguage: 'en',
        tax: { type: 'flat', label: 'Sales tax', rate: 825, included: false },
        payment: 'test-card',
        currencyLocked: false,
      })
      assert.equal((await call('GET', '/api/owner/sites', undefined, catalogue.headers)).statusCode, 403)
    })

    test('a new site: created, offered to shoppers at once, audited', async () => {
      const res = await call('POST', '/api/owner/sites', { code: 'ch', ...site() })
      assert.equal(res.statusCode, 201, res.body)
      assert.equal(res.json().position, 1)
      assert.equal(res.json().default, false)
      assert.deepEqual(
        (await storefrontSites()).map((s) => [s.code, s.default]),
        [
          ['main', true],
          ['ch', false],
        ],
      )
      const ch = (await app.inject({ url: '/api/site/sites/ch?expand=tax:active' })).json()
      assert.equal(ch.currency, 'CHF')
      assert.deepEqual(ch.tax[0].configuration.public, {
        label: 'inkl. 8,1 % MWST',
        rate: 8.1,
        included: true,
      })
      const again = await call('POST', '/api/owner/sites', { code: 'ch', ...site() })
      assert.equal(again.statusCode, 409)
      assert.equal(again.json().type, 'site_exists')
      assert.deepEqual(fields(again), ['body.code'])
      const audit = (await call('GET', '/api/owner/audit?entity=site_settings&entityId=ch')).json()
      assert.equal(audit.length, 1)
      assert.equal(audit[0].action, 'create')
      assert.equal(audit[0].actor.email, owner.email)
      assert.equal(audit[0].after.currency, 'CHF')
    })

    test('refusals name their field', async () => {
      const refused = async (payload: object, expected: string[], url = '/api/owner/sites/main') => {
        const res = await call(url.endsWith('/sites') ? 'POST' : 'PUT', url, payload)
        assert.equal(res.statusCode, 400, res.body)
        assert.deepEqual(fields(res), expected, res.body)
      }
      await refused({ code: 'Not OK', ...site() }, ['body.code'], '/api/owner/sites')
      await refused(site({ currency: 'XYZ' }), ['body.currency'])
      await refused(site({ currency: 'usd' }), ['body.currency'])
      await refused(site({ languages: ['fr'] }), ['body.languages.0'])
      await refused(site({ languages: ['de', 'de'] }), ['body.languages.1'])
      await refused(site({ languages: ['en'], defaultLanguage: 'de' }), ['body.defaultLanguage'])
      await refused(site({ tax: { type: 'flat', label: '', rate: 10001, included: false } }), [
        'body.tax.rate',
      ])
      await refused(site({ tax: { type: 'flat', label: '', rate: 8.25, included: false } }), [
        'body.tax.rate',
      ])
      await refused(site({ tax: { type: 'flat', label: 'x'.repeat(61), rate: 0, included: true } }), [
        'body.tax.label',
      ])
      await refused(site({ tax: { type: 'country', label: 'Sales tax', rates: { US: 825, DE: 1900 } } }), [
        'body.tax.rates.DE',
      ])
      await refused(site({ tax: { type: 'country', label: '', rates: { CA: -1 } } }), ['body.tax.rates.CA'])
      await refused(site({ payment: 'paypal' }), ['body.payment'])
      await refused(site({ name: ' ' }), ['body.name'])
      // nothing of it was written
      assert.equal((await call('GET', '/api/owner/sites')).json().sites[0].currency, 'USD')
    })

    test('a label of 61 characters stored before may stay as it is, not be changed to another', async () => {
      const long = `Harmonized sales tax (HST) 13 % added for orders shipped to Ontario`
      assert.ok(long.length > 60)
      await db
        .updateTable('sites')
        .set({ tax: JSON.stringify({ id: 'FLATRATE', label: long, rate: 1300, included: false }) })
        .where('code', '=', 'ch')
        .execute()
      const kept = await call(
        'PUT',
        '/api/owner/sites/ch',
        site({ name: 'CH', tax: { type: 'flat', label: long, rate: 1300, included: false } }),
      )
      assert.equal(kept.statusCode, 200, kept.body)
      const changed = await call(
        'PUT',
        '/api/owner/sites/ch',
        site({ tax: { type: 'flat', label: `${long}!`, rate: 1300, included: false } }),
      )
      assert.equal(changed.statusCode, 400)
      assert.deepEqual(fields(changed), ['body.tax.label'])
    })

    test('one active default site always remains', async () => {
      const unset = await call('PUT', '/api/owner/sites/main', site({ currency: 'USD', default: false }))
      assert.equal(unset.statusCode, 409, unset.body)
      assert.equal(unset.json().type, 'default_site_required')
      assert.deepEqual(fields(unset), ['body.default'])
      const inactive = await call(
        'PUT',
        '/api/owner/sites/main',
        site({ currency: 'USD', default: true, active: false }),
      )
      assert.equal(inactive.statusCode, 400)
      assert.deepEqual(fields(inactive), ['body.active'])
      // Another site made the default: the flag moves, the storefront follows at once.
      const moved = await call('PUT', '/api/owner/sites/ch', site({ default: true }))
      assert.equal(moved.statusCode, 200, moved.body)
      assert.deepEqual(
        (await storefrontSites()).filter((s) => s.default).map((s) => s.code),
        ['ch'],
      )
      const listed = (await call('GET', '/api/owner/sites')).json().sites as Array<{
        code: string
        default: boolean
      }>
      assert.deepEqual(
        listed.map((s) => [s.code, s.default]),
        [
          ['main', false],
          ['ch', true],
        ],
      )
      // main, no longer the default, may be switched off: shoppers no longer get it
      const off = await call('PUT', '/api/owner/sites/main', site({ currency: 'USD', active: false }))
      assert.equal(off.statusCode, 200, off.body)
      assert.deepEqual(
        (await storefrontSites()).map((s) => s.code),
        ['ch'],
      )
      const back = await call('PUT', '/api/owner/sites/main', site({ currency: 'USD', default: true }))
      assert.equal(back.statusCode, 200, back.body)
      assert.deepEqual((await storefrontSites()).find((s) => s.default)?.code, 'main')
    })

    test('a site carts use keeps its currency (409 naming the field); an unused one may change it', async () => {
      const unused = await call('PUT', '/api/owner/sites/ch', site({ currency: 'EUR' }))
      assert.equal(unused.statusCode, 200, unused.body)
      assert.equal(unused.json().currency, 'EUR')
      assert.equal(unused.json().currencyLocked, false)
      await createCart(app, await anonymousToken(app), 'ch')
      const used = await call('PUT', '/api/owner/sites/ch', site({ currency: 'CHF' }))
      assert.equal(used.statusCode, 409, used.body)
      assert.equal(used.json().type, 'currency_locked')
      assert.deepEqual(fields(used), ['body.currency'])
      const listed = (await call('GET', '/api/owner/sites'))
        .json()
        .sites.find((s: { code: string }) => s.code === 'ch')
      assert.equal(listed.currencyLocked, true)
      assert.equal(listed.currency, 'EUR')
      // everything else of it may still change
      const renamed = await call('PUT', '/api/owner/sites/ch', site({ currency: 'EUR', name: 'Schweiz' }))
      assert.equal(renamed.statusCode, 200, renamed.body)
      const audit = (await call('GET', '/api/owner/audit?entity=site_settings&entityId=ch')).json()
      assert.equal(audit[0].before.name, 'Fluent Goods Schweiz')
      assert.equal(audit[0].after.name, 'Schweiz')
    })

    test('an unknown site is 404; an anonymous shopper 401, a signed-in one 403', async () => {
      assert.equal((await call('PUT', '/api/owner/sites/nowhere', site())).statusCode, 404)
      const anonymous = bearer(await anonymousToken(app))
      assert.equal((await call('GET', '/api/owner/sites', undefined, anonymous)).statusCode, 401)
      const shopper = await signupCustomer(app)
      assert.equal((await call('GET', '/api/owner/sites', undefined, shopper.headers)).statusCode, 403)
    })
  })
}
