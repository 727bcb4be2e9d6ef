import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { insertShippingZone, insertSite } from '../../platform/testing/fixtures.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { FAST_HASH_ENV, signupCustomer } from '../auth/auth.testing.ts'
import { setRole } from '../customer/customer.service.ts'
import { staffMember } from './backoffice.testing.ts'

/** The owner's shipping calls through HTTP (docs/decisions/0062): writes, validation, roles, audit, the shop's answers. */
type Who = { headers: Record<string, string> }
const standard = (over: Record<string, unknown> = {}) => ({
  names: { en: 'Standard', de: 'Standardversand' },
  fees: [
    { minOrderMinor: 0, feeMinor: 650 },
    { minOrderMinor: 10_000, feeMinor: 0 },
  ],
  active: true,
  ...over,
})

for (const { engine, skip } of testEngines()) {
  describe(`owner shipping API on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine, FAST_HASH_ENV)
    const db = database.db
    await insertSite(db, { code: 'eu', currency: 'EUR', languages: ['de', 'en'] })
    await insertSite(db, { code: 'ch', currency: 'CHF', languages: ['de'] })
    const owner = await staffMember(app, db, 'owner')
    const catalogue = await staffMember(app, db, 'catalogue')
    const orders = await signupCustomer(app)
    assert.ok(await setRole(db, orders.email, 'orders'))
    const shopper = await signupCustomer(app)

    const call = (
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      payload?: object,
      who: Who = owner,
    ) => app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) })
    const list = async (site = 'eu') => {
      const res = await call('GET', `/api/owner/sites/${site}/shipping-zones`)
      assert.equal(res.statusCode, 200, res.body)
      return res.json()
    }
    const auditCount = async () =>
      Number((await call('GET', '/api/owner/audit?pageSize=1')).headers['x-total-count'])
    const settingsVersion = async () =>
      Number(
        (
          await db
            .withTables<{ cache_versions: { scope: string; version: number } }>()
            .selectFrom('cache_versions')
            .select('version')
            .where('scope', '=', 'settings')
            .executeTakeFirst()
        )?.version ?? 0,
      )
    const publicZones = async (language = 'en') =>
      (
        await app.inject({
          url: '/api/shipping/eu/zones?expand=methods,fees&activeMethods=true',
          headers: { 'accept-language': language },
        })
      ).json() as Array<{
        id: string
        shipTo: Array<{ countryCode: string }>
        methods: Array<{ id: string; name: string }>
      }>
    const quote = async (country: string, amount: number, language = 'en') =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/shipping/eu/quote',
          headers: { 'accept-language': language },
          payload: { cartTotal: { amount, currency: 'EUR' }, shipToAddress: { countryCode: country } },
        })
      ).json() as Array<{ id: string; name: string; fee: { amount: number }; selected: boolean }>

    test('a zone and its methods: written, listed, and the shop’s shipping answers follow at once', async () => {
      assert.deepEqual((await list()).zones, [])
      assert.deepEqual(await publicZones(), [])
      const version = await settingsVersion()
      const created = await call('POST', '/api/owner/sites/eu/shipping-zones', {
        name: 'Nachbarn',
        countries: ['AT', 'BE'],
      })
      assert.equal(created.statusCode, 201, created.body)
      assert.equal(created.headers['cache-control'], 'no-store')
      const zone = created.json()
      assert.deepEqual(
        { site: zone.site, name: zone.name, countries: zone.countries, methods: zone.methods },
        { site: 'eu', name: 'Nachbarn', countries: ['AT', 'BE'], methods: [] },
      )
      assert.ok((await settingsVersion()) > version, 'the settings scope was bumped')

      const express = await call('POST', `/api/owner/shipping-zones/${zone.id}/methods`, {
        names: { en: 'Express', de: 'Express' },
        fees: [{ minOrderMinor: 0, feeMinor: 1500 }],
      })
      assert.equal(express.statusCode, 201, express.body)
      const std = await call('POST', `/api/owner/shipping-zones/${zone.id}/methods`, standard())
      assert.equal(std.statusCode, 201, std.body)
      assert.deepEqual(std.json().names, { de: 'Standardversand', en: 'Standard' })
      assert.equal(std.json().currency, 'EUR')
      assert.equal(std.json().position, 1)

      const listed = await list()
      assert.deepEqual(
        { languages: listed.languages, defaultLanguage: listed.defaultLanguage, currency: listed.currency },
        { languages: ['de', 'en'], defaultLanguage: 'de', currency: 'EUR' },
      )
      assert.deepEqual(
        listed.zones[0].methods.map((m: { id: string }) => m.id),
        [express.json().id, std.json().id],
      )
      // The storefront's calls: names in the shopper's language, the cheapest first and selected.
      const zones = await publicZones('en')
      assert.deepEqual(zones[0]?.shipTo, [{ countryCode: 'AT' }, { countryCode: 'BE' }])
      assert.deepEqual(
        zones[0]?.methods.map((m) => m.name),
        ['Express', 'Standard'],
      )
      assert.equal((await publicZones('de'))[0]?.methods[1]?.name, 'Standardversand')
      const quoted = await quote('AT', 20)
      assert.deepEqual(
        quoted.map((m) => [m.name, m.fee.amount, m.selected]),
        [
          ['Standard', 6.5, true],
          ['Express', 15, false],
        ],
      )
      assert.equal((await quote('AT', 120, 'de'))[0]?.fee.amount, 0)
      assert.deepEqual(await quote('FR', 20), [])

      // Switched off: gone from the shop's answers at once, still listed for the owner.
      const off = await call(
        'PUT',
        `/api/owner/shipping-zones/${zone.id}/methods/${std.json().id}`,
        standard({ active: false }),
      )
      assert.equal(off.statusCode, 200, off.body)
      assert.equal(off.json().active, false)
      assert.deepEqual(
        (await quote('AT', 20)).map((m) => m.name),
        ['Express'],
      )
      // Moved first and on again; the zone takes France too.
      const moved = await call(
        'PUT',
        `/api/owner/shipping-zones/${zone.id}/methods/${std.json().id}`,
        standard({ position: 0 }),
      )
      assert.equal(moved.json().position, 0)
      assert.deepEqual(
        (await list()).zones[0].methods.map((m: { id: string; position: number }) => [m.id, m.position]),
        [
          [std.json().id, 0],
          [express.json().id, 1],
        ],
      )
      const renamed = await call('PUT', `/api/owner/shipping-zones/${zone.id}`, {
        name: 'Nachbarn West',
        countries: ['AT', 'BE', 'FR'],
      })
      assert.equal(renamed.statusCode, 200, renamed.body)
      assert.equal((await quote('FR', 20))[0]?.name, 'Standard')

      // Removed: the method, then the zone with its last method.
      const removed = await call('DELETE', `/api/owner/shipping-zones/${zone.id}/methods/${std.json().id}`)
      assert.equal(removed.statusCode, 204)
      assert.deepEqual(
        (await list()).zones[0].methods.map((m: { id: string; position: number }) => [m.id, m.position]),
        [[express.json().id, 0]],
      )
      assert.equal((await call('DELETE', `/api/owner/shipping-zones/${zone.id}`)).statusCode, 204)
      assert.deepEqual((await list()).zones, [])
      assert.deepEqual(await publicZones(), [])
      assert.equal(
        (await db.selectFrom('shipping_methods').select('id').where('zone_id', '=', zone.id).execute())
          .length,
        0,
      )
    })

    test('every write is in the audit log with who, before and after', async () => {
      const zone = (
        await call('POST', '/api/owner/sites/eu/shipping-zones', { name: 'Audit', countries: ['LU'] })
      ).json()
      const method = (await call('POST', `/api/owner/shipping-zones/${zone.id}/methods`, standard())).json()
      await call(
        'PUT',
        `/api/owner/shipping-zones/${zone.id}/methods/${method.id}`,
        standard({ names: { en: 'Slow', de: 'Langsam' } }),
      )
      await call('PUT', `/api/owner/shipping-zones/${zone.id}`, { name: 'Audit 2', countries: ['LU'] })
      await call('DELETE', `/api/owner/shipping-zones/${zone.id}`)
      const log = async (entity: string, id: string) =>
        (await call('GET', `/api/owner/audit?entity=${entity}&entityId=${id}`)).json() as Array<{
          action: string
          actor: { email: string }
          before: Record<string, unknown> | null
          after: Record<string, unknown> | null
        }>
      const zoneLog = await log('shipping_zone', zone.id)
      assert.deepEqual(
        zoneLog.map((e) => e.action),
        ['delete', 'update', 'create'],
      )
      assert.equal(zoneLog[0]?.actor.email, owner.email)
      assert.deepEqual(zoneLog[1]?.before, { name: 'Audit', countries: ['LU'] })
      assert.deepEqual(zoneLog[1]?.after, { name: 'Audit 2', countries: ['LU'] })
      // The deleted zone's entry keeps its methods as they were.
      assert.equal((zoneLog[0]!.before!.methods as Array<{ id: string }>)[0]?.id, method.id)
      const methodLog = await log('shipping_method', method.id)
      assert.deepEqual(
        methodLog.map((e) => e.action),
        ['update', 'create'],
      )
      assert.deepEqual(methodLog[0]?.before?.names, { de: 'Standardversand', en: 'Standard' })
      assert.deepEqual(methodLog[0]?.after?.names, { de: 'Langsam', en: 'Slow' })
    })

    test('bad input: 400 naming the field, nothing written, no audit entry', async () => {
      const zone = (
        await call('POST', '/api/owner/sites/eu/shipping-zones', { name: 'Checks', countries: ['NL'] })
      ).json()
      const before = { zones: await list(), audit: await auditCount() }
      const refusals: Array<[string, string, object, string]> = [
        ['POST', '/api/owner/sites/eu/shipping-zones', { name: 'X', countries: ['XX'] }, 'body.countries.0'],
        ['POST', '/api/owner/sites/eu/shipping-zones', { name: 'X', countries: ['uk'] }, 'body.countries.0'],
        [
          'POST',
          '/api/owner/sites/eu/shipping-zones',
          { name: 'X', countries: ['PT', 'ES', 'PT'] },
          'body.countries.2',
        ],
        ['POST', '/api/owner/sites/eu/shipping-zones', { name: ' ', countries: ['PT'] }, 'body.name'],
        ['POST', '/api/owner/sites/eu/shipping-zones', { name: 'X', countries: [] }, 'body.countries'],
        [
          'PUT',
          `/api/owner/shipping-zones/${zone.id}`,
          { name: 'X', countries: ['NL', 'ZZ'] },
          'body.countries.1',
        ],
        [
          'POST',
          `/api/owner/shipping-zones/${zone.id}/methods`,
          standard({ names: { en: 'Only English' } }),
          'body.names.de',
        ],
        [
          'POST',
          `/api/owner/shipping-zones/${zone.id}/methods`,
          standard({ names: { en: 'A', de: 'B', fr: 'C' } }),
          'body.names.fr',
        ],
        [
          'POST',
          `/api/owner/shipping-zones/${zone.id}/methods`,
          standard({
            fees: [
              { minOrderMinor: 0, feeMinor: 500 },
              { minOrderMinor: 0, feeMinor: 0 },
            ],
          }),
          'body.fees.1.minOrderMinor',
        ],
        [
          'POST',
          `/api/owner/shipping-zones/${zone.id}/methods`,
          standard({ fees: [{ minOrderMinor: 100, feeMinor: 5 }] }),
          'body.fees.0.minOrderMinor',
        ],
        [
          'POST',
          `/api/owner/shipping-zones/${zone.id}/methods`,
          standard({ fees: [{ minOrderMinor: 0, feeMinor: -1 }] }),
          'body.fees.0.feeMinor',
        ],
        [
          'POST',
          `/api/owner/shipping-zones/${zone.id}/methods`,
          standard({ fees: [{ minOrderMinor: 0, feeMinor: 4.5 }] }),
          'body.fees.0.feeMinor',
        ],
        ['POST', `/api/owner/shipping-zones/${zone.id}/methods`, standard({ fees: [] }), 'body.fees'],
        ['POST', `/api/owner/shipping-zones/${zone.id}/methods`, standard({ currency: 'USD' }), 'body'],
      ]
      for (const [method, url, payload, field] of refusals) {
        const res = await call(method as 'POST' | 'PUT', url, payload)
        assert.equal(res.statusCode, 400, `${url} ${JSON.stringify(payload)}: ${res.body}`)
        const fields = (res.json().details as Array<{ field: string }>).map((d) => d.field)
        assert.ok(fields.includes(field), `${JSON.stringify(payload)}: ${fields.join()}`)
      }
      assert.deepEqual(await list(), before.zones)
      assert.equal(await auditCount(), before.audit)
      // Unknown site, zone or method: 404.
      assert.equal(
        (await call('POST', '/api/owner/sites/nope/shipping-zones', { name: 'X', countries: ['PT'] }))
          .statusCode,
        404,
      )
      assert.equal(
        (await call('PUT', '/api/owner/shipping-zones/nope', { name: 'X', countries: ['PT'] })).statusCode,
        404,
      )
      assert.equal(
        (await call('DELETE', `/api/owner/shipping-zones/${zone.id}/methods/nope`)).statusCode,
        404,
      )
      assert.equal((await call('GET', '/api/owner/sites/nope/shipping-zones')).statusCode, 404)
    })

    test('a country is in at most one zone of a site: 409 naming it; another site may ship there too', async () => {
      const first = (
        await call('POST', '/api/owner/sites/eu/shipping-zones', { name: 'Nord', countries: ['DK', 'SE'] })
      ).json()
      const audit = await auditCount()
      const taken = await call('POST', '/api/owner/sites/eu/shipping-zones', {
        name: 'Skandinavien',
        countries: ['NO', 'SE'],
      })
      assert.equal(taken.statusCode, 409, taken.body)
      assert.equal(taken.json().type, 'country_in_other_zone')
      assert.equal(taken.json().details[0].field, 'body.countries.1')
      assert.match(taken.json().details[0].message, /SE is in the zone "Nord"/)
      const second = (
        await call('POST', '/api/owner/sites/eu/shipping-zones', { name: 'Norwegen', countries: ['NO'] })
      ).json()
      const moving = await call('PUT', `/api/owner/shipping-zones/${second.id}`, {
        name: 'Norwegen',
        countries: ['NO', 'DK'],
      })
      assert.equal(moving.statusCode, 409)
      assert.equal(await auditCount(), audit + 1)
      // A zone keeps its own countries on an edit; the other site's zone may serve the same ones.
      assert.equal(
        (
          await call('PUT', `/api/owner/shipping-zones/${first.id}`, {
            name: 'Nordics',
            countries: ['SE', 'DK'],
          })
        ).statusCode,
        200,
      )
      assert.equal(
        (await call('POST', '/api/owner/sites/ch/shipping-zones', { name: 'Nord', countries: ['DK'] }))
          .statusCode,
        201,
      )
      // A method on the one-language site needs only that language, in its currency.
      const chZone = (await list('ch')).zones[0]
      const chMethod = await call(
        'POST',
        `/api/owner/shipping-zones/${chZone.id}/methods`,
        standard({ names: { de: 'Post' } }),
      )
      assert.equal(chMethod.statusCode, 201, chMethod.body)
      assert.equal(chMethod.json().currency, 'CHF')
    })

    test('owner only: the other staff and shoppers 403, no token 401', async () => {
      const zone = (
        await call('POST', '/api/owner/sites/eu/shipping-zones', { name: 'Roles', countries: ['IE'] })
      ).json()
      const routes: Array<[string, string, object | undefined]> = [
        ['GET', '/api/owner/sites/eu/shipping-zones', undefined],
        ['POST', '/api/owner/sites/eu/shipping-zones', { name: 'X', countries: ['MT'] }],
        ['PUT', `/api/owner/shipping-zones/${zone.id}`, { name: 'X', countries: ['IE'] }],
        ['DELETE', `/api/owner/shipping-zones/${zone.id}`, undefined],
        ['POST', `/api/owner/shipping-zones/${zone.id}/methods`, standard()],
      ]
      for (const [method, url, payload] of routes) {
        for (const [who, status] of [
          [catalogue, 403],
          [orders, 403],
          [shopper, 403],
          [{ headers: {} }, 401],
        ] as const) {
          const res = await call(method as 'GET', url, payload, who)
          assert.equal(res.statusCode, status, `${method} ${url}`)
        }
      }
      assert.equal((await list()).zones.find((z: { id: string }) => z.id === zone.id)?.name, 'Roles')
    })

    test('the demo’s methods (a name only) show it in the site’s default language and edit into names', async () => {
      await insertSite(db, { code: 'us', currency: 'USD', languages: ['en', 'de'] })
      const { zoneId, methodIds } = await insertShippingZone(db, {
        siteCode: 'us',
        shipTo: ['US'],
        methods: [{ id: 'sm-demo', name: 'Standard (3–5 days)' }],
      })
      const shown = (await list('us')).zones[0].methods[0]
      assert.deepEqual(shown.names, { en: 'Standard (3–5 days)' })
      assert.deepEqual(shown.fees, [
        { minOrderMinor: 0, feeMinor: 599 },
        { minOrderMinor: 7500, feeMinor: 0 },
      ])
      const saved = await call('PUT', `/api/owner/shipping-zones/${zoneId}/methods/${methodIds[0]}`, {
        names: { en: 'Standard', de: 'Standard (3–5 Tage)' },
        fees: shown.fees,
        active: true,
      })
      assert.equal(saved.statusCode, 200, saved.body)
      const de = await app.inject({
        url: '/api/shipping/us/zones?expand=methods',
        headers: { 'accept-language': 'de' },
      })
      assert.equal(de.json()[0].methods[0].name, 'Standard (3–5 Tage)')
    })
  })
}
