import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { test } from 'node:test'
import { SERVER_FLAGS } from './support/server-flags.ts'

const root = resolve(import.meta.dirname, '..')

/** `npm start`'s server in production with the defaults of a trial: it refuses, naming what to set. */
test('a production start that would take test cards refuses with a message naming the setting', () => {
  const dir = mkdtempSync(join(tmpdir(), 'shop-production-'))
  try {
    const run = spawnSync(process.execPath, [...SERVER_FLAGS, join(root, 'apps/server/src/main.ts')], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://127.0.0.1:2525',
        PUBLIC_URL: 'https://shop.example.com',
        DATABASE_URL: join(dir, 'shop.sqlite'),
        PORT: '0',
      },
      encoding: 'utf8',
      timeout: 30_000,
    })
    assert.equal(run.status, 1)
    assert.match(
      run.stderr,
      /^The shop did not start\. NODE_ENV=production would take test cards as payment/m,
    )
    assert.match(run.stderr, /STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY, or ALLOW_TEST_PAYMENTS=true/)
    assert.doesNotMatch(run.stderr, /\s+at /, 'a message, not a stack trace')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
