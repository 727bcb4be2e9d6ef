import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { insertSite } from '../../platform/testing/fixtures.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'

for (const { engine, skip } of testEngines()) {
  describe(`site API on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine)
    const db = database.db
    await insertSite(db, { code: 'default', languages: ['en', 'de'], taxRate: 825 })
    await insertSite(db, { code: 'eu', currency: 'EUR', taxIncluded: true })
    await insertSite(db, { code: 'closed' })
    await db.updateTable('sites').set({ position: 1 }).where('code', '=', 'default').execute()
    await db.updateTable('sites').set({ position: 0 }).where('code', '=', 'eu').execute()
    await db.updateTable('sites').set({ active: 0 }).where('code', '=', 'closed').execute()
    await db
      .updateTable('sites')
      .set({ mixins: JSON.stringify({ storeLogoImageKey: 'logo.png' }) })
      .where('code', '=', 'default')
      .execute()

    test('lists active sites by position and flags the default one', async () => {
      const res = await app.inject({ url: '/api/site/sites' })
      assert.equal(res.statusCode, 200)
      const sites = res.json()
      assert.deepEqual(
        sites.map((s: { code: string; default: boolean }) => [s.code, s.default]),
        [
          ['eu', false],
          ['default', true],
        ],
      )
      assert.equal(sites[0].tax, undefined)
    })

    test('expands payment, tax and mixins of one site', async () => {
      const res = await app.inject({
        url: '/api/site/sites/default?expand=payment:active,tax:active,mixin:*',
      })
      assert.equal(res.statusCode, 200)
      const site = res.json()
      assert.deepEqual(site.languages, ['en', 'de'])
      // the configured provider, never a value stored with the site (the seed's is pk_test_shop)
      assert.deepEqual(site.payment, [
        { id: 'test-card', configuration: { public: { publicKey: 'test-card' } } },
      ])
      assert.deepEqual(site.tax[0], {
        id: 'FLATRATE',
        configuration: { public: { label: 'Sales tax', rate: 8.25, included: false } },
      })
      assert.equal(site.mixins.storeLogoImageKey, 'logo.png')
    })

    test('with Stripe on, the site advertises the publishable key of the settings', async () => {
      const stripe = await createTestApp(engine, {
        STRIPE_SECRET_KEY: 'sk_test_from_settings',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_from_settings',
      })
      await insertSite(stripe.database.db, { code: 'default' })
      const res = await stripe.app.inject({ url: '/api/site/sites/default?expand=payment:active' })
      assert.deepEqual(res.json().payment, [
        { id: 'stripe', configuration: { public: { publicKey: 'pk_live_from_settings' } } },
      ])
    })

    test('answers 404 for unknown and inactive sites', async () => {
      for (const code of ['nope', 'closed']) {
        const res = await app.inject({ url: `/api/site/sites/${code}` })
        assert.equal(res.statusCode, 404)
        assert.equal(res.json().type, 'not_found')
      }
    })

    test('answers 400 for a bad expand', async () => {
      const res = await app.inject({ url: '/api/site/sites/default?expand=everything' })
      assert.equal(res.statusCode, 400)
      assert.equal(res.json().details[0].field, 'querystring.expand')
    })

    test('answers the search configuration', async () => {
      const res = await app.inject({ url: '/api/site/configuration' })
      assert.deepEqual(res.json(), {
        active: true,
        indexName: 'products',
        applicationId: 'shop',
        searchKey: 'public',
      })
    })
  })
}
