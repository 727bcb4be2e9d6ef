import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { insertCoupon, insertSite } from '../../platform/testing/fixtures.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { FAST_HASH_ENV, signupCustomer } from '../auth/auth.testing.ts'
import { setRole } from '../customer/customer.service.ts'
import { staffMember } from './backoffice.testing.ts'

/** The owner's coupon calls through HTTP (docs/decisions/0065): writes, validation, roles, audit, counts. */
type Who = { headers: Record<string, string> }
const percent = (over: Record<string, unknown> = {}) => ({
  code: `P${process.pid}_${Math.random().toString(36).slice(2, 8)}`,
  name: 'Spring sale',
  discountType: 'PERCENT',
  percentage: 15,
  ...over,
})

for (const { engine, skip } of testEngines()) {
  describe(`owner coupons API on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine, FAST_HASH_ENV)
    const db = database.db
    await insertSite(db, { code: 'us', currency: 'USD' })
    await insertSite(db, { code: 'eu', currency: 'EUR', languages: ['de', 'en'] })
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
    const fields = (res: { json: () => { details: Array<{ field: string; type: string }> } }) =>
      res
        .json()
        .details.map((d) => `${d.field}:${d.type}`)
        .sort()
    const auditOf = async (code: string) =>
      (
        await call('GET', `/api/owner/audit?entity=coupon&entityId=${encodeURIComponent(code)}`)
      ).json() as Array<{ action: string; before: unknown; after: Record<string, unknown> | null }>

    test('create, read, list, edit, delete: each in the audit log with the settings before and after', async () => {
      const input = {
        code: 'WINTER(24)_EU',
        name: 'Winter',
        discountType: 'ABSOLUTE',
        amounts: { EUR: 500, USD: 550 },
        minOrders: { EUR: 3000 },
        validFrom: '2026-01-01T00:00:00+01:00',
        validUntil: '2099-03-01T00:00:00Z',
        maxRedemptions: 100,
        perCustomer: 1,
        customersOnly: true,
        customers: [shopper.email.toUpperCase(), ` ${orders.email}`.trim()],
      }
      const created = await call('POST', '/api/owner/coupons', input)
      assert.equal(created.statusCode, 201, created.body)
      const coupon = created.json()
      assert.deepEqual(coupon.amounts, { EUR: 500, USD: 550 })
      assert.deepEqual(coupon.minOrders, { EUR: 3000 })
      assert.equal(coupon.validFrom, '2025-12-31T23:00:00.000Z', 'stored in UTC')
      assert.equal(coupon.percentage, null)
      assert.deepEqual(coupon.customers, [orders.email, shopper.email].sort())
      assert.equal(coupon.restrictedTo, 2)
      assert.equal(coupon.redemptions, 0)
      assert.equal(coupon.status, 'active')

      const read = await call('GET', `/api/owner/coupons/${encodeURIComponent(input.code)}`)
      assert.equal(read.statusCode, 200, read.body)
      assert.deepEqual(read.json(), coupon)
      const listed = (await call('GET', '/api/owner/coupons')).json().items
      const summary = listed.find((c: { code: string }) => c.code === input.code)
      assert.equal(summary.restrictedTo, 2)
      assert.equal(summary.customers, undefined, 'the list names no customers')

      const { code: _, ...edit } = { ...input, discountType: 'PERCENT', percentage: 20, customers: [] }
      const updated = await call('PUT', `/api/owner/coupons/${encodeURIComponent(input.code)}`, edit)
      assert.equal(updated.statusCode, 200, updated.body)
      assert.equal(updated.json().percentage, 20)
      assert.deepEqual(updated.json().amounts, {}, 'a percentage coupon keeps no amounts')
      assert.equal(updated.json().restrictedTo, 0)

      const gone = await call('DELETE', `/api/owner/coupons/${encodeURIComponent(input.code)}`)
      assert.equal(gone.statusCode, 204)
      assert.equal(
        (await call('GET', `/api/owner/coupons/${encodeURIComponent(input.code)}`)).statusCode,
        404,
      )
      assert.equal(
        (await call('DELETE', `/api/owner/coupons/${encodeURIComponent(input.code)}`)).statusCode,
        404,
      )

      const log = await auditOf(input.code)
      assert.deepEqual(
        log.map((e) => e.action),
        ['delete', 'update', 'create'],
      )
      type Entry = { before: Record<string, unknown>; after: Record<string, unknown> | null }
      const [deleted, edited, made] = log as Entry[]
      assert.equal(made?.after?.name, 'Winter')
      assert.deepEqual(edited?.before.customers, coupon.customers)
      assert.equal(edited?.after?.percentage, 20)
      assert.equal(deleted?.after, null)
      assert.equal(deleted?.before.name, 'Winter')
      assert.equal(deleted?.before.redemptions, undefined, 'settings, not counts')
    })

    test('bad input: 400 naming each field, nothing written', async () => {
      const count = async () => (await call('GET', '/api/owner/coupons')).json().items.length
      const before = await count()
      const post = (over: Record<string, unknown>) => call('POST', '/api/owner/coupons', percent(over))
      const bad = async (over: Record<string, unknown>, expected: string[]) => {
        const res = await post(over)
        assert.equal(res.statusCode, 400, `${JSON.stringify(over)}: ${res.body}`)
        assert.deepEqual(fields(res), expected, JSON.stringify(over))
      }
      await bad({ code: 'NO SPACES' }, ['body.code:invalid'])
      await bad({ code: 'AB' }, ['body.code:invalid'])
      await bad({ code: 'X'.repeat(25) }, ['body.code:invalid'])
      await bad({ percentage: 0 }, ['body.percentage:invalid'])
      await bad({ percentage: 101 }, ['body.percentage:invalid'])
      await bad({ percentage: 12.5 }, ['body.percentage:invalid'])
      await bad({ percentage: null }, ['body.percentage:required'])
      await bad({ discountType: 'ABSOLUTE', amounts: {} }, ['body.amounts:required'])
      await bad({ discountType: 'ABSOLUTE', amounts: { EUR: 0 } }, ['body.amounts.EUR:invalid'])
      await bad({ discountType: 'ABSOLUTE', amounts: { CHF: 500 } }, ['body.amounts.CHF:unknown_currency'])
      await bad({ minOrders: { GBP: 100 } }, ['body.minOrders.GBP:unknown_currency'])
      await bad({ minOrders: { EUR: -5 } }, ['body.minOrders.EUR:invalid'])
      await bad({ validFrom: '2026-02-01T00:00:00Z', validUntil: '2026-02-01T00:00:00Z' }, [
        'body.validUntil:invalid',
      ])
      await bad({ validFrom: 'next monday' }, ['body.validFrom:invalid'])
      await bad({ maxRedemptions: 0 }, ['body.maxRedemptions:invalid'])
      await bad({ perCustomer: 0 }, ['body.perCustomer:invalid'])
      await bad({ name: '  ' }, ['body.name:invalid'])
      await bad({ customers: ['not an e-mail'] }, ['body.customers.0:invalid'])
      await bad({ customers: [shopper.email, 'nobody@example.com'] }, ['body.customers.1:unknown_customer'])
      await bad({ surprise: true }, ['body:invalid'])
      assert.equal(await count(), before)
      assert.equal((await auditOf('none')).length, 0)

      const taken = percent()
      assert.equal((await call('POST', '/api/owner/coupons', taken)).statusCode, 201)
      const again = await call('POST', '/api/owner/coupons', { ...taken, name: 'Other' })
      assert.equal(again.statusCode, 409)
      assert.deepEqual(fields(again), ['body.code:coupon_exists'])
      assert.equal((await auditOf(taken.code)).length, 1)
      const { code: _c, ...rest } = percent()
      const rename = await call('PUT', `/api/owner/coupons/${taken.code}`, { ...rest, code: 'OTHER' })
      assert.equal(rename.statusCode, 400, 'the code is not edited')
      assert.deepEqual(fields(rename), ['body:invalid'])
      assert.equal((await call('PUT', '/api/owner/coupons/NOPE_NOPE', rest)).statusCode, 404)
    })

    test('owner only: the catalogue and order staff and shoppers get 403, no token 401', async () => {
      const code = percent().code
      for (const who of [catalogue, orders, shopper]) {
        assert.equal((await call('GET', '/api/owner/coupons', undefined, who)).statusCode, 403)
        assert.equal((await call('POST', '/api/owner/coupons', percent({ code }), who)).statusCode, 403)
      }
      assert.equal((await app.inject({ url: '/api/owner/coupons' })).statusCode, 401)
      assert.equal((await call('GET', `/api/owner/coupons/${code}`)).statusCode, 404, 'nothing was written')
    })

    test('an older coupon reads as one amount in its currency and its minimum in every currency', async () => {
      const code = await insertCoupon(db, { amountMinor: 700, currency: 'EUR', minOrderMinor: 2500 })
      const res = await call('GET', `/api/owner/coupons/${code}`)
      assert.equal(res.statusCode, 200, res.body)
      assert.deepEqual(res.json().amounts, { EUR: 700 })
      assert.deepEqual(res.json().minOrders, { USD: 2500, EUR: 2500 })
      const used = await insertCoupon(db, { maxRedemptions: 3, redemptions: 3 })
      const expired = await insertCoupon(db, { validUntil: '2020-01-01T00:00:00.000Z' })
      const later = await insertCoupon(db, { validFrom: '2999-01-01T00:00:00.000Z' })
      const items = (await call('GET', '/api/owner/coupons')).json().items as Array<{
        code: string
        status: string
      }>
      const status = (c: string) => items.find((i) => i.code === c)?.status
      assert.equal(status(used), 'used_up')
      assert.equal(status(expired), 'expired')
      assert.equal(status(later), 'scheduled')
      assert.equal(status(code), 'active')
      assert.deepEqual(
        items.map((i) => i.code),
        items.map((i) => i.code).sort(),
        'by code',
      )
    })
  })
}
