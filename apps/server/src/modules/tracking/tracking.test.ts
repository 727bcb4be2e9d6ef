import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { describe, test } from 'node:test'
import { CONSENT_LIFETIME_SECONDS } from '@shop/contracts/consent'
import { MAX_TRACKING_BATCH } from '@shop/contracts/tracking'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import type { Db } from '../../platform/db/database.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { purgeExpired } from './tracking.service.ts'

const pageView = (path = '/', id = randomUUID()) => ({
  id,
  type: 'pageView',
  occurredAt: new Date().toISOString(),
  path,
})

async function consent(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/consent/consentReferences', payload: {} })
  assert.equal(res.statusCode, 201)
  return res.json().id
}

const send = (app: FastifyInstance, reference: string | undefined, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/tracking/events',
    headers: reference === undefined ? {} : { 'consent-reference': reference },
    payload: payload as object,
  })

async function storedEvents(db: Db) {
  const { rows } = await sql<{
    consent_reference_id: string
    event_id: string
    type: string
    path: string | null
    product_id: string | null
    quantity: number | null
  }>`select consent_reference_id, event_id, type, path, product_id, quantity from tracking_events order by occurred_at, event_id`.execute(
    db,
  )
  return rows
}

for (const { engine, skip } of testEngines()) {
  describe(`consent and tracking on ${engine}`, { skip }, () => {
    test('a consent reference: unguessable id, tracking purpose, expiry after the consent lifetime', async () => {
      const { app } = await createTestApp(engine)
      const res = await app.inject({ method: 'POST', url: '/api/consent/consentReferences', payload: {} })
      assert.equal(res.statusCode, 201)
      const body = res.json()
      assert.match(body.id, /^[A-Za-z0-9_-]{32}$/)
      assert.deepEqual(body.purposes, ['tracking'])
      const lifetime = Date.parse(body.expiresAt) - Date.parse(body.createdAt)
      assert.equal(lifetime, CONSENT_LIFETIME_SECONDS * 1000)
      const other = await consent(app)
      assert.notEqual(other, body.id)
      // no body at all is the same as {}
      const bare = await app.inject({ method: 'POST', url: '/api/consent/consentReferences' })
      assert.equal(bare.statusCode, 201)
    })

    test('bad consent input is a 400 with details', async () => {
      const { app } = await createTestApp(engine)
      const res = await app.inject({
        method: 'POST',
        url: '/api/consent/consentReferences',
        payload: { purposes: ['marketing'] },
      })
      assert.equal(res.statusCode, 400)
      assert.equal(res.json().details[0].field, 'body.purposes.0')
      const extra = await app.inject({
        method: 'POST',
        url: '/api/consent/consentReferences',
        payload: { customerId: 'c1' },
      })
      assert.equal(extra.statusCode, 400)
    })

    test('events with a valid reference are stored in one batch; a resend is stored once', async () => {
      const { app, database } = await createTestApp(engine)
      const reference = await consent(app)
      const view = pageView('/p/jar~p-glass-jar?x=1')
      const add = {
        id: randomUUID(),
        type: 'addToCart',
        occurredAt: new Date(Date.now() + 1000).toISOString(),
        productId: 'p-glass-jar',
        quantity: 2,
      }
      const first = await send(app, reference, { events: [view, add] })
      assert.equal(first.statusCode, 202)
      assert.deepEqual(first.json(), { stored: 2, duplicates: 0 })
      // the browser resends its queue after a lost answer: nothing is stored twice
      const again = await send(app, reference, { events: [view, add, view] })
      assert.deepEqual(again.json(), { stored: 0, duplicates: 3 })
      const rows = await storedEvents(database.db)
      assert.deepEqual(
        rows.map((r) => [r.consent_reference_id, r.type, r.path, r.product_id, r.quantity]),
        [
          [reference, 'pageView', '/p/jar~p-glass-jar?x=1', null, null],
          [reference, 'addToCart', null, 'p-glass-jar', 2],
        ],
      )
      // the same event id under another consent is another shopper's event
      const otherReference = await consent(app)
      assert.deepEqual((await send(app, otherReference, { events: [view] })).json(), {
        stored: 1,
        duplicates: 0,
      })
    })

    test('no, malformed, unknown or withdrawn consent reference: refused with details, nothing stored', async () => {
      const { app, database } = await createTestApp(engine)
      const batch = { events: [pageView()] }
      const missing = await send(app, undefined, batch)
      assert.equal(missing.statusCode, 400)
      assert.equal(missing.json().details[0].field, 'headers.consent-reference')
      const malformed = await send(app, 'not-a-reference', batch)
      assert.equal(malformed.statusCode, 400)
      assert.equal(malformed.json().details[0].field, 'headers.consent-reference')
      const unknown = await send(app, 'A'.repeat(32), batch)
      assert.equal(unknown.statusCode, 403)
      assert.equal(unknown.json().type, 'consent_required')
      assert.deepEqual(unknown.json().details[0], {
        field: 'headers.consent-reference',
        type: 'consent_reference_unknown',
        message: 'No consent was given with this reference',
      })

      const reference = await consent(app)
      assert.equal((await send(app, reference, batch)).statusCode, 202)
      const withdraw = await app.inject({
        method: 'DELETE',
        url: `/api/consent/consentReferences/${reference}`,
      })
      assert.equal(withdraw.statusCode, 204)
      assert.deepEqual(await storedEvents(database.db), [], 'withdrawal deletes the events')
      const after = await send(app, reference, { events: [pageView()] })
      assert.equal(after.statusCode, 403)
      assert.equal(
        (await app.inject({ method: 'DELETE', url: `/api/consent/consentReferences/${reference}` }))
          .statusCode,
        404,
      )
    })

    test('an expired reference is refused; the purge removes it with its events', async () => {
      const { app, database } = await createTestApp(engine)
      const reference = await consent(app)
      assert.equal((await send(app, reference, { events: [pageView()] })).statusCode, 202)
      await sql`update consent_references set expires_at = ${new Date(Date.now() - 1000).toISOString()}`.execute(
        database.db,
      )
      const res = await send(app, reference, { events: [pageView()] })
      assert.equal(res.statusCode, 403)
      assert.equal(res.json().details[0].type, 'consent_reference_expired')
      const live = await consent(app)
      assert.equal((await send(app, live, { events: [pageView('/a')] })).statusCode, 202)
      assert.deepEqual(await purgeExpired(database.db), { events: 0, references: 1 })
      assert.deepEqual(
        (await storedEvents(database.db)).map((r) => r.consent_reference_id),
        [live],
      )
      // events past the retention go even while their consent lasts
      await sql`update tracking_events set received_at = '2000-01-01T00:00:00.000Z'`.execute(database.db)
      assert.deepEqual(await purgeExpired(database.db), { events: 1, references: 0 })
    })

    test('bad events and oversized batches are 4xx with details; nothing of the batch is stored', async () => {
      const { app, database } = await createTestApp(engine)
      const reference = await consent(app)
      const cases: Array<[unknown, string]> = [
        [{ events: [] }, 'body.events'],
        [{ events: [{ ...pageView(), type: 'purchase' }] }, 'body.events.0'],
        [{ events: [pageView('no-slash')] }, 'body.events.0.path'],
        [{ events: [pageView(`/${'a'.repeat(2048)}`)] }, 'body.events.0.path'],
        [{ events: [{ ...pageView(), occurredAt: 'yesterday' }] }, 'body.events.0.occurredAt'],
        [{ events: [{ ...pageView(), id: 'x' }] }, 'body.events.0.id'],
        [{ events: [{ ...pageView(), email: 'a@b.c' }] }, 'body.events.0'],
        [
          {
            events: [
              pageView(),
              {
                id: randomUUID(),
                type: 'addToCart',
                occurredAt: new Date().toISOString(),
                productId: 'p',
                quantity: 0,
              },
            ],
          },
          'body.events.1.quantity',
        ],
        [{ events: Array.from({ length: MAX_TRACKING_BATCH + 1 }, () => pageView()) }, 'body.events'],
      ]
      for (const [payload, field] of cases) {
        const res = await send(app, reference, payload)
        assert.equal(res.statusCode, 400, JSON.stringify(payload).slice(0, 120))
        assert.equal(res.json().type, 'validation_failed')
        assert.ok(
          res.json().details.some((d: { field: string }) => d.field.startsWith(field)),
          `${field} in ${JSON.stringify(res.json().details)}`,
        )
      }
      const huge = await send(app, reference, {
        events: Array.from({ length: MAX_TRACKING_BATCH }, () => pageView(`/${'a'.repeat(2047)}`)),
        padding: 'x'.repeat(64 * 1024),
      })
      assert.equal(huge.statusCode, 413)
      const notJson = await app.inject({
        method: 'POST',
        url: '/api/tracking/events',
        headers: { 'consent-reference': reference, 'content-type': 'application/json' },
        payload: '{"events": [',
      })
      assert.equal(notJson.statusCode, 400)
      assert.deepEqual(await storedEvents(database.db), [])
    })

    test('the OpenAPI document describes both calls and the consent-reference header', async () => {
      const { app } = await createTestApp(engine)
      const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
      assert.ok(doc.paths['/api/consent/consentReferences'].post)
      const track = doc.paths['/api/tracking/events'].post
      assert.ok(
        track.parameters.some(
          (p: { in: string; name: string; required: boolean }) =>
            p.in === 'header' && p.name === 'consent-reference' && p.required,
        ),
      )
    })

    test('a full batch is accepted', async () => {
      const { app, database } = await createTestApp(engine)
      const reference = await consent(app)
      const events = Array.from({ length: MAX_TRACKING_BATCH }, (_, i) => pageView(`/page-${i}`))
      const res = await send(app, reference, { events })
      assert.deepEqual(res.json(), { stored: MAX_TRACKING_BATCH, duplicates: 0 })
      assert.equal((await storedEvents(database.db)).length, MAX_TRACKING_BATCH)
    })
  })
}
