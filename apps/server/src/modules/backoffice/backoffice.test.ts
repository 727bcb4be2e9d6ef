import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { insertSite } from '../../platform/testing/fixtures.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { FAST_HASH_ENV } from '../auth/auth.testing.ts'
import { productInput, staffMember } from './backoffice.testing.ts'

/** The staff product API, through HTTP, and what the storefront's public calls show at once after each write. */
for (const { engine, skip } of testEngines()) {
  describe(`back-office products on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine, FAST_HASH_ENV)
    const db = database.db
    await insertSite(db, { code: 'us', currency: 'USD', languages: ['en'] })
    await insertSite(db, { code: 'eu', currency: 'EUR', languages: ['de', 'en'] })
    const owner = await staffMember(app, db, 'owner')
    const staff = await staffMember(app, db, 'catalogue')
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, who = staff) =>
      app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) })
    const shop = (url: string, site = 'us') => app.inject({ url, headers: { 'site-code': site } })

    test('a created product is in the storefront at once: product, list, search, price', async () => {
      const res = await call('POST', '/api/owner/products', productInput({ sku: 'TRAY-1' }))
      assert.equal(res.statusCode, 201, res.body)
      const id = res.json().id as string
      assert.equal(res.json().stock, 12)
      const page = await shop(`/api/catalogue/products/${id}?expand=prices`)
      assert.equal(page.statusCode, 200, page.body)
      assert.equal(page.json().name, 'Walnut tray')
      assert.equal(page.json().prices[0].effectiveAmount, 45)
      const de = await app.inject({
        url: `/api/catalogue/products/${id}`,
        headers: { 'site-code': 'eu', 'accept-language': 'de' },
      })
      assert.equal(de.json().name, 'Nussbaumtablett')
      const list = await shop('/api/catalogue/products?pageSize=50')
      assert.ok(list.json().some((p: { id: string }) => p.id === id))
      const hits = (await shop('/api/search/products?q=walnut')).json().hits as Array<{ objectID: string }>
      assert.ok(
        hits.some((h) => h.objectID === id),
        JSON.stringify(hits),
      )

      const changed = await call('PUT', `/api/owner/products/${id}`, {
        ...productInput({ sku: 'TRAY-1' }),
        prices: [
          { currency: 'USD', effectiveMinor: 3900, originalMinor: 4500 },
          { currency: 'EUR', effectiveMinor: 4200, originalMinor: 4900 },
        ],
        stock: undefined,
      })
      assert.equal(changed.statusCode, 200, changed.body)
      assert.equal(
        (await shop(`/api/catalogue/products/${id}?expand=prices`)).json().prices[0].effectiveAmount,
        39,
      )

      const hidden = await call('PUT', `/api/owner/products/${id}`, {
        ...productInput({ sku: 'TRAY-1' }),
        published: false,
        stock: undefined,
      })
      assert.equal(hidden.statusCode, 200, hidden.body)
      assert.equal((await shop(`/api/catalogue/products/${id}`)).statusCode, 404)
      const gone = (await shop('/api/search/products?q=walnut')).json().hits as Array<{ objectID: string }>
      assert.ok(!gone.some((h) => h.objectID === id))
    })

    test('validation: 400 with field details, 409 for a taken SKU, 404 for an unknown product', async () => {
      const noDe = await call(
        'POST',
        '/api/owner/products',
        productInput({ texts: [{ language: 'en', name: 'Only English' }] }),
      )
      assert.equal(noDe.statusCode, 400)
      assert.ok(
        noDe.json().details.some((d: { type: string }) => d.type === 'missing_language'),
        noDe.body,
      )
      const above = await call(
        'POST',
        '/api/owner/products',
        productInput({
          prices: [
            { currency: 'USD', effectiveMinor: 10, originalMinor: 5 },
            { currency: 'EUR', effectiveMinor: 1, originalMinor: 1 },
          ],
        }),
      )
      assert.equal(above.statusCode, 400)
      assert.deepEqual(
        above.json().details.map((d: { field: string }) => d.field),
        ['body.prices.0.effectiveMinor'],
      )
      const unpriced = await call('POST', '/api/owner/products', productInput({ prices: [] }))
      assert.equal(unpriced.statusCode, 400)
      assert.ok(unpriced.json().details.some((d: { type: string }) => d.type === 'missing_price'))
      const draft = await call('POST', '/api/owner/products', productInput({ prices: [], published: false }))
      assert.equal(draft.statusCode, 201, 'an unpublished product may wait for its prices')
      const cents = await call(
        'POST',
        '/api/owner/products',
        productInput({ prices: [{ currency: 'USD', effectiveMinor: 1.5, originalMinor: 2 }] }),
      )
      assert.equal(cents.statusCode, 400)
      assert.ok(
        cents.json().details.some((d: { field: string }) => d.field.startsWith('body.prices.0')),
        cents.body,
      )
      const first = await call('POST', '/api/owner/products', productInput({ sku: 'DUP-1' }))
      assert.equal(first.statusCode, 201)
      const dup = await call('POST', '/api/owner/products', productInput({ sku: 'DUP-1' }))
      assert.equal(dup.statusCode, 409)
      assert.equal(dup.json().type, 'sku_taken')
      assert.equal((await call('GET', '/api/owner/products/no-such-product')).statusCode, 404)
      assert.equal((await call('PUT', '/api/owner/products/no-such-product', productInput())).statusCode, 404)
    })

    test('two saves of one SKU at the same moment: one is created, the others get the 409, never a 500', async () => {
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => call('POST', '/api/owner/products', productInput({ sku: 'RACE-1' }))),
      )
      const statuses = answers.map((a) => a.statusCode).sort()
      assert.deepEqual(statuses, [201, 409, 409, 409], answers.map((a) => a.body).join('\n'))
      for (const a of answers.filter((x) => x.statusCode === 409)) assert.equal(a.json().type, 'sku_taken')
    })

    test('the list: sorted by name, SKU, price, stock and creation, searched by name or SKU, paged', async () => {
      const made: string[] = []
      for (const [sku, name, usd, stock] of [
        ['LST-C', 'Cedar box', 300, 5],
        ['LST-A', 'Ash bowl', 100, 9],
        ['LST-B', 'Birch spoon', 200, 1],
      ] as const) {
        const res = await call(
          'POST',
          '/api/owner/products',
          productInput({
            sku,
            texts: [
              { language: 'en', name },
              { language: 'de', name: `${name} DE` },
            ],
            prices: [
              { currency: 'USD', effectiveMinor: usd, originalMinor: usd },
              { currency: 'EUR', effectiveMinor: usd, originalMinor: usd },
            ],
            stock,
          }),
        )
        made.push(res.json().id)
      }
      const skus = async (qs: string) => {
        const res = await call('GET', `/api/owner/products?q=LST&${qs}`)
        assert.equal(res.statusCode, 200, res.body)
        return (res.json().items as Array<{ sku: string }>).map((p) => p.sku)
      }
      assert.deepEqual(await skus('sort=name&order=asc'), ['LST-A', 'LST-B', 'LST-C'])
      assert.deepEqual(await skus('sort=sku&order=desc'), ['LST-C', 'LST-B', 'LST-A'])
      assert.deepEqual(await skus('sort=price&order=asc&currency=USD'), ['LST-A', 'LST-B', 'LST-C'])
      assert.deepEqual(await skus('sort=stock&order=asc'), ['LST-B', 'LST-C', 'LST-A'])
      assert.deepEqual(await skus('sort=created&order=asc'), ['LST-C', 'LST-A', 'LST-B'])
      assert.deepEqual(await skus('sort=sku&order=asc&pageSize=2&page=2'), ['LST-C'])
      const byName = (await call('GET', '/api/owner/products?q=birch')).json()
      assert.deepEqual(
        byName.items.map((p: { sku: string }) => p.sku),
        ['LST-B'],
      )
      assert.equal(byName.total, 1)
      const row = byName.items[0]
      assert.deepEqual(row.prices, [
        { currency: 'EUR', effectiveMinor: 200, originalMinor: 200 },
        { currency: 'USD', effectiveMinor: 200, originalMinor: 200 },
      ])
      assert.equal(row.published, true)
      assert.equal(row.stock, 1)
      const german = (await call('GET', '/api/owner/products?q=birch&language=de')).json()
      assert.equal(german.items[0].name, 'Birch spoon DE')
    })

    test('delete: gone from the shop; the audit log holds every write, read by the owner only', async () => {
      const id = (await call('POST', '/api/owner/products', productInput({ sku: 'DEL-1' }))).json()
        .id as string
      const deleted = await call('DELETE', `/api/owner/products/${id}`)
      assert.equal(deleted.statusCode, 204, deleted.body)
      assert.equal((await shop(`/api/catalogue/products/${id}`)).statusCode, 404)
      assert.equal((await call('GET', `/api/owner/products/${id}`)).statusCode, 404)
      assert.equal((await call('DELETE', `/api/owner/products/${id}`)).statusCode, 404)
      assert.equal((await call('GET', `/api/owner/audit?entityId=${id}`)).statusCode, 403)
      const log = await call('GET', `/api/owner/audit?entity=product&entityId=${id}`, undefined, owner)
      assert.equal(log.statusCode, 200, log.body)
      assert.equal(log.headers['x-total-count'], '2')
      const [removal, creation] = log.json()
      assert.equal(removal.action, 'delete')
      assert.equal(removal.actor.email, staff.email)
      assert.equal(removal.before.sku, 'DEL-1')
      assert.equal(removal.after, null)
      assert.equal(creation.action, 'create')
      assert.equal(
        creation.after.texts.find((t: { language: string }) => t.language === 'de').name,
        'Nussbaumtablett',
      )
    })
  })
}
