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

test('every setting is validated: a bad value stops the start naming the setting, all problems at once', () => {
  assert.throws(() => loadConfig({ PORT: 'eighty' }), {
    message: 'Setting PORT must be a whole number from 0 to 65535, not "eighty"',
  })
  assert.throws(() => loadConfig({ TRUST_PROXY: 'yes' }), {
    message: 'Setting TRUST_PROXY must be true or false, not "yes"',
  })
  assert.throws(
    () => loadConfig({ SMTP_URL: 'mail.example.com:25' }),
    /Setting SMTP_URL must be a smtp: or smtps: URL/,
  )
  assert.throws(() => loadConfig({ LOG_LEVEL: 'loud' }), /Setting LOG_LEVEL must be one of fatal, error/)
  assert.throws(
    () => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' }),
    /STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY go together/,
  )
  assert.throws(
    () => loadConfig({ PASSWORD_HASH_COST: '4', FACEBOOK_DIALOG_URL: 'facebook' }),
    (error: Error) =>
      error.message.includes('PASSWORD_HASH_COST') && error.message.includes('FACEBOOK_DIALOG_URL'),
  )
  const read = loadConfig({
    GOOGLE_CLIENT_SECRET: 'secret',
    FACEBOOK_DIALOG_URL: 'http://127.0.0.1:9/dialog/',
  })
  assert.equal(read.googleClientSecret, 'secret')
  assert.equal(read.facebookDialogUrl, 'http://127.0.0.1:9/dialog')
})

test('production refuses test payments, undeliverable mail and a missing PUBLIC_URL unless each is allowed', () => {
  const production = { NODE_ENV: 'production' }
  assert.throws(
    () => loadConfig(production),
    (error: Error) =>
      ['ALLOW_TEST_PAYMENTS', 'SMTP_URL', 'PUBLIC_URL'].every((name) => error.message.includes(name)),
  )
  assert.throws(
    () => loadConfig({ ...production, SMTP_URL: 'smtp://mail:25', PUBLIC_URL: 'https://shop.example.com' }),
    { message: /NODE_ENV=production would take test cards as payment: set STRIPE_SECRET_KEY/ },
  )
  const shop = loadConfig({
    ...production,
    STRIPE_SECRET_KEY: 'sk_live_1',
    STRIPE_PUBLISHABLE_KEY: 'pk_live_1',
    SMTP_URL: 'smtp://mail:25',
    PUBLIC_URL: 'https://shop.example.com/',
  })
  assert.equal(shop.publicUrl, 'https://shop.example.com')
  assert.equal(shop.seedDemo, false, 'no demo catalogue in a production shop unless asked for')
  const trial = loadConfig({
    ...production,
    ALLOW_TEST_PAYMENTS: 'true',
    ALLOW_NO_MAIL: 'true',
    ALLOW_NO_PUBLIC_URL: 'true',
  })
  assert.equal(trial.production, true)
  assert.equal(loadConfig({}).seedDemo, true)
})
