import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { insertShippingZone, insertSite } from '../../platform/testing/fixtures.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { feeFor, quote } from './shipping.service.ts'

test('fee tiers by order value', () => {
  const tiers = [
    { minOrderMinor: 0, feeMinor: 599 },
    { minOrderMinor: 7500, feeMinor: 0 },
  ]
  assert.equal(feeFor(tiers, 0), 599)
  assert.equal(feeFor(tiers, 7499), 599)
  assert.equal(feeFor(tiers, 7500), 0)
  assert.equal(feeFor([], 100), 0)
})

for (const { engine, skip } of testEngines()) {
  describe(`shipping on ${engine}`, { skip }, () => {
    test('zones with methods and fee tiers; inactive methods filtered on request', async () => {
      const { app, database } = await createTestApp(engine)
      const site = await insertSite(database.db)
      const { zoneId } = await insertShippingZone(database.db, {
        siteCode: site,
        shipTo: ['US', 'CA'],
        methods: [
          { id: 'std', name: 'Standard' },
          { id: 'old', active: false },
        ],
      })
      const res = await app.inject({
        method: 'GET',
        url: `/api/shipping/${site}/zones?expand=methods,fees&activeMethods=true`,
      })
      assert.equal(res.statusCode, 200)
      const [zone] = res.json()
      assert.equal(zone.id, zoneId)
      assert.deepEqual(zone.shipTo, [{ countryCode: 'US' }, { countryCode: 'CA' }])
      assert.deepEqual(
        zone.methods.map((m: { id: string }) => m.id),
        ['std'],
      )
      assert.deepEqual(zone.methods[0].fee, { amount: 5.99, currency: 'USD' })
      assert.deepEqual(zone.methods[0].fees[1], {
        minOrderValue: { amount: 75, currency: 'USD' },
        cost: { amount: 0, currency: 'USD' },
      })
      const all = await app.inject({ method: 'GET', url: `/api/shipping/${site}/zones?expand=methods` })
      assert.equal(all.json()[0].methods.length, 2)
      assert.deepEqual(all.json()[0].methods[0].fees, [])
      const bare = await app.inject({ method: 'GET', url: `/api/shipping/${site}/zones` })
      assert.deepEqual(bare.json()[0].methods, [])
    })

    test('unknown site is 404, bad expand is 400', async () => {
      const { app } = await createTestApp(engine)
      assert.equal((await app.inject({ method: 'GET', url: '/api/shipping/nope/zones' })).statusCode, 404)
      const bad = await app.inject({ method: 'GET', url: '/api/shipping/nope/zones?expand=everything' })
      assert.equal(bad.statusCode, 400)
      assert.equal(bad.json().details[0].field, 'querystring.expand')
    })

    test('quote: tier by order value; a country the zone does not serve is a 400 on addresses', async () => {
      const { database } = await createTestApp(engine)
      const site = await insertSite(database.db)
      const { zoneId, methodIds } = await insertShippingZone(database.db, { siteCode: site, shipTo: ['US'] })
      const method = methodIds[0]!
      assert.equal((await quote(database, site, 'US', method, zoneId, 1000)).costMinor, 599)
      assert.equal((await quote(database, site, 'US', method, zoneId, 9000)).costMinor, 0)
      await assert.rejects(
        quote(database, site, 'DE', method, zoneId, 1000),
        (e: { status: number; details: Array<{ field: string }> }) => {
          assert.equal(e.status, 400)
          assert.equal(e.details[0]?.field, 'addresses')
          return true
        },
      )
      await assert.rejects(quote(database, site, 'US', 'nope', zoneId, 1000), { status: 400 })
    })
  })
}
