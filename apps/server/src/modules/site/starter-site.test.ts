import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { loadConfig } from '../../platform/config.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { ensureStarterSite } from './site.service.ts'

/** An empty shop started without the demo gets one site from SHOP_NAME, SHOP_LANGUAGES and SHOP_CURRENCY. */
for (const { engine, skip } of testEngines()) {
  describe(`the starter site on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine)
    const starter = loadConfig({
      SHOP_NAME: 'Bakery Lumen',
      SHOP_LANGUAGES: 'de,en',
      SHOP_CURRENCY: 'EUR',
    }).starterSite

    test('an empty shop gets the default site, once; the storefront reads it', async () => {
      await Promise.all([ensureStarterSite(database.db, starter), ensureStarterSite(database.db, starter)])
      await ensureStarterSite(database.db, { ...starter, name: 'Another name' })
      const res = await app.inject({ url: '/api/site/sites?expand=tax:active' })
      assert.equal(res.statusCode, 200)
      const sites = res.json() as Array<Record<string, unknown>>
      assert.equal(sites.length, 1)
      assert.deepEqual(
        { ...sites[0], tax: undefined },
        {
          code: 'default',
          name: 'Bakery Lumen',
          default: true,
          defaultLanguage: 'de',
          languages: ['de', 'en'],
          currency: 'EUR',
          tax: undefined,
        },
      )
    })
  })
}

test('the starter settings are checked: languages the storefront speaks, a currency code', () => {
  assert.deepEqual(loadConfig({}).starterSite, { name: 'Shop', languages: ['en', 'de'], currency: 'USD' })
  assert.throws(
    () => loadConfig({ SHOP_LANGUAGES: 'fr', SHOP_CURRENCY: 'euro' }),
    (error: Error) => /SHOP_LANGUAGES/.test(error.message) && /SHOP_CURRENCY/.test(error.message),
  )
})
