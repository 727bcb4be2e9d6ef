import assert from 'node:assert/strict'
import { test } from 'node:test'
import { loadConfig } from './config.ts'

test('checkout timing settings: defaults, values, and a clear error naming a bad setting', () => {
  const defaults = loadConfig({})
  assert.equal(defaults.checkoutRecoverAfterSeconds, 300)
  assert.equal(defaults.checkoutSweepSeconds, 60)
  assert.equal(defaults.checkoutAuthenticationTimeoutSeconds, 900)
  assert.equal(
    loadConfig({ CHECKOUT_AUTHENTICATION_TIMEOUT_SECONDS: '600' }).checkoutAuthenticationTimeoutSeconds,
    600,
  )
  const set = loadConfig({ CHECKOUT_RECOVER_AFTER_SECONDS: '120', CHECKOUT_SWEEP_SECONDS: ' 15 ' })
  assert.equal(set.checkoutRecoverAfterSeconds, 120)
  assert.equal(set.checkoutSweepSeconds, 15)
  assert.equal(loadConfig({ CHECKOUT_SWEEP_SECONDS: '' }).checkoutSweepSeconds, 60)
  // 0: a single process restarting after a crash recovers every pending attempt at once
  assert.equal(loadConfig({ CHECKOUT_RECOVER_AFTER_SECONDS: '0' }).checkoutRecoverAfterSeconds, 0)
  for (const [name, value, min] of [
    ['CHECKOUT_RECOVER_AFTER_SECONDS', 'five minutes', 0],
    ['CHECKOUT_RECOVER_AFTER_SECONDS', '-1', 0],
    ['CHECKOUT_SWEEP_SECONDS', '0', 1],
    ['CHECKOUT_SWEEP_SECONDS', '0.5', 1],
    ['CHECKOUT_SWEEP_SECONDS', '3000000', 1],
    ['CHECKOUT_AUTHENTICATION_TIMEOUT_SECONDS', '0', 1],
    ['CHECKOUT_AUTHENTICATION_TIMEOUT_SECONDS', 'a quarter hour', 1],
  ] as const) {
    assert.throws(() => loadConfig({ [name]: value }), {
      message: `Setting ${name} must be a number of seconds from ${min} to 2147482, not "${value}"`,
    })
  }
})
