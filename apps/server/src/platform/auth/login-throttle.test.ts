import assert from 'node:assert/strict'
import { test } from 'node:test'
import { throttleDelaySeconds } from './login-throttle.ts'

const policy = { maxFailures: 5, firstDelaySeconds: 30, maxDelaySeconds: 900 }

test('no wait below the limit, then the first delay doubling up to the longest wait', () => {
  const waits = [1, 4, 5, 6, 7, 8, 9, 10, 50].map((failures) => throttleDelaySeconds(failures, policy))
  assert.deepEqual(waits, [0, 0, 30, 60, 120, 240, 480, 900, 900])
})

test('a huge failure count stays bounded (no overflow to Infinity)', () => {
  assert.equal(throttleDelaySeconds(10_000, policy), 900)
})
