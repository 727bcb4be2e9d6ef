import assert from 'node:assert/strict'
import { test } from 'node:test'
import { CONSENT_LIFETIME_SECONDS, ConsentReferenceIdSchema } from '@shop/contracts/consent'
import { MAX_TRACKING_BATCH, type TrackingEvent } from '@shop/contracts/tracking'
import * as cookie from './consent-cookie.ts'
import { consentCookie, decisionFrom } from './consent-cookie.ts'
import { acknowledge, enqueue, MAX_QUEUED_EVENTS, nextBatch, QUEUE_KEY, readQueue } from './tracking-queue.ts'

const memory = () => {
  const map = new Map<string, string>()
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    map,
  }
}
const view = (n: number): TrackingEvent => ({
  id: `event-${String(n).padStart(4, '0')}`,
  type: 'pageView',
  occurredAt: new Date(n).toISOString(),
  path: `/${n}`,
})

test('queue: batches oldest first, acknowledges only what was sent, bounded', () => {
  const storage = memory()
  for (let n = 0; n < MAX_TRACKING_BATCH + 5; n++) enqueue(storage, view(n))
  const batch = nextBatch(storage)
  assert.equal(batch.length, MAX_TRACKING_BATCH)
  assert.equal(batch[0]?.id, 'event-0000')
  enqueue(storage, view(9000)) // queued while the batch was under way
  acknowledge(storage, batch)
  assert.deepEqual(
    readQueue(storage).map((e) => e.id),
    ['event-0050', 'event-0051', 'event-0052', 'event-0053', 'event-0054', 'event-9000'],
  )
  acknowledge(storage, readQueue(storage))
  assert.equal(storage.map.has(QUEUE_KEY), false)
  for (let n = 0; n < MAX_QUEUED_EVENTS + 10; n++) enqueue(storage, view(n))
  assert.equal(readQueue(storage).length, MAX_QUEUED_EVENTS)
  assert.equal(readQueue(storage)[0]?.id, 'event-0010')
  storage.setItem(QUEUE_KEY, '{broken')
  assert.deepEqual(readQueue(storage), [])
})

test('consent cookie: reference, decline, anything else undecided', () => {
  const reference = 'abcdefghijklmnopqrstuvwxyz012345'
  assert.deepEqual(decisionFrom(`a=1; shop_consent=${reference}; b=2`), { kind: 'accepted', reference })
  assert.deepEqual(decisionFrom('shop_consent=declined'), { kind: 'declined' })
  assert.deepEqual(decisionFrom('shop_consent=short'), { kind: 'undecided' })
  assert.deepEqual(decisionFrom(''), { kind: 'undecided' })
  assert.equal(
    consentCookie(reference, true),
    `shop_consent=${reference}; Max-Age=15552000; Path=/; SameSite=Lax; Secure`,
  )
  assert.equal(consentCookie(null, false), 'shop_consent=; Max-Age=0; Path=/; SameSite=Lax')
})

test("consent cookie: the lifetime and the reference rule are the contract's", () => {
  assert.equal(cookie.CONSENT_LIFETIME_SECONDS, CONSENT_LIFETIME_SECONDS)
  for (const value of [
    'abcdefghijklmnopqrstuvwxyz012345',
    `${'A-_'.repeat(10)}zz`,
    'short',
    'x'.repeat(33),
    'ä'.repeat(32),
    '',
  ])
    assert.equal(
      cookie.CONSENT_REFERENCE.test(value),
      ConsentReferenceIdSchema.safeParse(value).success,
      value,
    )
})
