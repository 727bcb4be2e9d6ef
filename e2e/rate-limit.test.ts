import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { engines, type RunningShop, startShop } from './support/shop.ts'

/**
 * Sign-in limits are shared by every process of the shop: two real server processes on one database,
 * attempts alternating between them, and the limits still hold (the counters live in the database).
 */
const env = {
  SEED_DEMO: 'false',
  PASSWORD_HASH_COST: '12',
  RATE_LIMIT_PER_ACCOUNT: '4',
  RATE_LIMIT_PER_ADDRESS: '6',
  // The test plays several client addresses through X-Forwarded-For, as a load balancer would send them.
  TRUST_PROXY: 'true',
  LOGIN_MAX_FAILURES: '1000',
  LOGIN_ACCOUNT_MAX_FAILURES: '4',
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

    const login = (shop: RunningShop, email: string, clientAddress: string, body: object = {}) =>
      fetch(`${shop.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress },
        body: JSON.stringify({ email, password: 'wrong password', ...body }),
      })

    test('per account: failures from many addresses lock new browsers out, never the known device', async () => {
      const email = `limited.${Date.now()}@example.com`
      const password = 'the right password'
      const signup = await fetch(`${first.url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      })
      assert.equal(signup.status, 201)
      const owner = await login(first, email, '10.1.0.100', { password })
      assert.equal(owner.status, 200)
      const { deviceToken } = await owner.json()
      assert.ok(deviceToken)
      const statuses: number[] = []
      for (let i = 0; i < 4; i++) {
        // a new client address each time: only the account-wide count can stop this
        statuses.push((await login(i % 2 ? second : first, email, `10.1.0.${i + 1}`)).status)
      }
      assert.deepEqual(statuses, [401, 401, 401, 401])
      const newBrowser = await login(second, email, '10.1.0.200', { password })
      assert.equal(newBrowser.status, 403)
      assert.equal((await newBrowser.json()).type, 'account_locked')
      const knownDevice = await login(second, email, '10.1.0.201', { password, deviceToken })
      assert.equal(knownDevice.status, 200)
      const otherAccountsDevice = await login(first, email, '10.1.0.202', { password, deviceToken: 'forged' })
      assert.equal(otherAccountsDevice.status, 403)
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
