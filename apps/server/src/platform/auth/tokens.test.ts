import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { createTestDatabase, testEngines } from '../testing/test-db.ts'
import { consumeOneTimeToken, issueOneTimeToken } from './one-time-tokens.ts'
import { hit } from './rate-limit.ts'
import { identityDb } from './schema.ts'
import { issueToken, resolveToken } from './tokens.ts'

for (const { engine, skip } of testEngines()) {
  describe(`tokens and counters on ${engine}`, { skip }, () => {
    test('access tokens: 256 random bits, only the hash stored, expire', async () => {
      const { db } = await createTestDatabase(engine)
      const tokens = new Set<string>()
      for (let i = 0; i < 50; i++) {
        const { accessToken } = await issueToken(db, { sessionId: 's', customerId: null }, 60)
        assert.equal(Buffer.from(accessToken, 'base64url').length, 32)
        tokens.add(accessToken)
      }
      assert.equal(tokens.size, 50)
      const rows = await db.selectFrom('access_tokens').select('token_hash').execute()
      for (const row of rows) assert.ok(!tokens.has(row.token_hash))
      const past = new Date(Date.now() - 120_000)
      const { accessToken } = await issueToken(db, { sessionId: 's', customerId: null }, 60, past)
      assert.equal(await resolveToken(db, accessToken), null)
    })

    test('one-time tokens: hashed, single use even when used twice at once, expire, purpose-bound', async () => {
      const { db } = await createTestDatabase(engine)
      const now = new Date().toISOString()
      await identityDb(db)
        .insertInto('customers')
        .values({
          id: 'c1',
          customer_number: 'C1',
          email: 'a@example.com',
          created_at: now,
          updated_at: now,
          password_hash: null,
          preferred_language: null,
          locked_until: null,
          deleted_at: null,
        })
        .execute()
      const token = await issueOneTimeToken(db, 'c1', 'password_reset')
      assert.equal(Buffer.from(token, 'base64url').length, 32)
      const stored = await identityDb(db).selectFrom('one_time_tokens').select('token_hash').execute()
      assert.notEqual(stored[0]?.token_hash, token)
      assert.equal(await consumeOneTimeToken(db, token, 'email_change'), null)
      const results = await Promise.all([
        consumeOneTimeToken(db, token, 'password_reset'),
        consumeOneTimeToken(db, token, 'password_reset'),
      ])
      assert.equal(results.filter(Boolean).length, 1)
      const old = await issueOneTimeToken(
        db,
        'c1',
        'account_deletion',
        {},
        new Date(Date.now() - 2 * 3600_000),
      )
      assert.equal(await consumeOneTimeToken(db, old, 'account_deletion'), null)
    })

    test('rate-limit counter: concurrent hits are all counted', async () => {
      const { db } = await createTestDatabase(engine)
      const results = await Promise.all(Array.from({ length: 20 }, () => hit(db, 'k', 15, 60)))
      assert.equal(results.filter((r) => r.allowed).length, 15)
      assert.ok(results.every((r) => r.retryAfterSeconds >= 1 && r.retryAfterSeconds <= 60))
    })
  })
}
