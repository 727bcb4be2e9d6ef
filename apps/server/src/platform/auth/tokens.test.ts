import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { countingStatements } from '../testing/statements.ts'
import { createTestDatabase, testEngines } from '../testing/test-db.ts'
import { consumeOneTimeToken, issueOneTimeToken } from './one-time-tokens.ts'
import { hit } from './rate-limit.ts'
import { identityDb } from './schema.ts'
import { issueToken, resolveToken, revokeCustomerTokens, revokeToken } from './tokens.ts'

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

    test('a token read is kept until it expires or any process revokes a token (docs/decisions/0092)', async () => {
      const { db } = await createTestDatabase(engine)
      // Two handles on one database stand for two processes: each keeps its own tokens.
      const here = countingStatements(db)
      const there = countingStatements(db)
      const anonymous = { sessionId: 's1', customerId: null }
      const { accessToken } = await issueToken(db, anonymous, 60)
      assert.deepEqual(await resolveToken(here.db, accessToken), anonymous)
      const read = here.statements()
      assert.deepEqual(await resolveToken(here.db, accessToken), anonymous)
      assert.equal(here.statements() - read, 1, 'only the versions are read: the token is kept')
      assert.equal(await resolveToken(here.db, accessToken, new Date(Date.now() + 61_000)), null, 'expired')

      await revokeToken(there.db, accessToken)
      assert.equal(await resolveToken(here.db, accessToken), null, 'revoked in another process')

      const customer = { sessionId: 's2', customerId: 'c9' }
      const kept = await issueToken(db, customer, 60)
      const spared = await issueToken(db, customer, 60)
      assert.deepEqual(await resolveToken(here.db, kept.accessToken), customer)
      assert.deepEqual(await resolveToken(here.db, spared.accessToken), customer)
      await revokeCustomerTokens(there.db, 'c9', spared.accessToken)
      assert.equal(await resolveToken(here.db, kept.accessToken), null, "all of a customer's tokens revoked")
      assert.deepEqual(await resolveToken(here.db, spared.accessToken), customer, 'but the one kept')
      assert.equal(await resolveToken(here.db, 'never-issued'), null)
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
