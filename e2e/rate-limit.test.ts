import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { engines, type RunningShop, startShop } from './support/shop.ts'

/**
 * Sign-in rate limits are shared by every process of the shop: two real server processes on one database,
 * attempts alternating between them, and the limit still holds (the counters live in the database).
 */
const env = {
  SEED_DEMO: 'false',
  PASSWORD_HASH_COST: '12',
  RATE_LIMIT_PER_ACCOUNT: '4',
  RATE_LIMIT_PER_ADDRESS: '6',
  // The test plays several client addresses through X-Forwarded-For, as a load balancer would send them.
  TRUST_PROXY: 'true',
  LOGIN_MAX_FAILURES: '1000',
}

for (const { engine, skip } of engines) {
  describe(`rate limits across two processes on ${engine}`, { skip }, () => {
    let first: RunningShop
    let second: RunningShop
    before(async () => {
      first = await startShop(engine, env)
      second = await startShop(engine, env, { databaseUrl: first.databaseUrl })
    })
    after(async () => {
      await second?.stop()
      await first?.stop()
    })

    const login = (shop: RunningShop, email: string, clientAddress: string) =>
      fetch(`${shop.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress },
        body: JSON.stringify({ email, password: 'wrong password' }),
      })

    test('per account: the 5th attempt on either process is 429 with Retry-After', async () => {
      const email = `limited.${Date.now()}@example.com`
      const signup = await fetch(`${first.url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'the right password' }),
      })
      assert.equal(signup.status, 201)
      const statuses: number[] = []
      for (let i = 0; i < 6; i++) {
        // a new client address each time: only the per-account counter can stop this
        const res = await login(i % 2 ? second : first, email, `10.1.0.${i + 1}`)
        statuses.push(res.status)
        if (res.status === 429) assert.ok(Number(res.headers.get('retry-after')) >= 1)
      }
      assert.deepEqual(statuses, [401, 401, 401, 401, 429, 429])
    })

    test('per client address: the 7th attempt on either process is 429', async () => {
      const statuses: number[] = []
      for (let i = 0; i < 8; i++) {
        const res = await login(i % 2 ? first : second, `nobody.${i}.${Date.now()}@example.com`, '10.2.0.9')
        statuses.push(res.status)
      }
      assert.deepEqual(statuses, [401, 401, 401, 401, 401, 401, 429, 429])
    })
  })
}
