import assert from 'node:assert/strict'
import { test } from 'node:test'
import { createRetryGuard, RETRY_WINDOW_MS } from './retry-guard.ts'

function fakeClock(start = 1_000_000) {
  let now = start
  return { now: () => now, advance: (ms: number) => (now += ms) }
}

test('the first retry of a URL is allowed; a second within 10 s is refused', () => {
  const clock = fakeClock()
  const guard = createRetryGuard({ now: clock.now })
  assert.equal(RETRY_WINDOW_MS, 10_000)
  assert.equal(guard.allow('s1 /api/cart/carts/1'), true)
  clock.advance(9_999)
  assert.equal(guard.allow('s1 /api/cart/carts/1'), false)
})

test('after the 10 s window the same URL may be retried again', () => {
  const clock = fakeClock()
  const guard = createRetryGuard({ now: clock.now })
  assert.equal(guard.allow('k'), true)
  clock.advance(10_000)
  assert.equal(guard.allow('k'), true)
  clock.advance(1)
  assert.equal(guard.allow('k'), false)
})

test('a refused retry does not extend the window', () => {
  const clock = fakeClock()
  const guard = createRetryGuard({ now: clock.now })
  guard.allow('k')
  clock.advance(5_000)
  assert.equal(guard.allow('k'), false)
  clock.advance(5_000)
  assert.equal(guard.allow('k'), true)
})

test('other URLs and other sessions are independent', () => {
  const clock = fakeClock()
  const guard = createRetryGuard({ now: clock.now })
  assert.equal(guard.allow('s1 /a'), true)
  assert.equal(guard.allow('s1 /b'), true)
  assert.equal(guard.allow('s2 /a'), true)
  assert.equal(guard.allow('s1 /a'), false)
})

test('expired entries are forgotten and the table stays bounded', () => {
  const clock = fakeClock()
  const guard = createRetryGuard({ now: clock.now, maxEntries: 3 })
  for (let i = 0; i < 10; i++) assert.equal(guard.allow(`k${i}`), true)
  // k0 was dropped to keep the table bounded, so it counts as a first retry again.
  assert.equal(guard.allow('k0'), true)
  assert.equal(guard.allow('k9'), false)
})
