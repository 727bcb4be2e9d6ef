import assert from 'node:assert/strict'
import { after, describe, test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { insertCoupon } from '../../platform/testing/fixtures.ts'
import { createTestDatabase, testEngines } from '../../platform/testing/test-db.ts'
import { redeemAll, unredeemAll } from './coupon.service.ts'

/**
 * The checkout transaction's guard (docs/decisions/0065): a second checkout redeeming while the first holds its
 * transaction open sees the first's redemption once it commits, so neither the total nor the per-customer limit
 * is exceeded by orders placed at the same moment.
 */
for (const { engine, skip } of testEngines()) {
  describe(`coupon redemptions in concurrent checkouts on ${engine}`, { skip }, async () => {
    const database = await createTestDatabase(engine)
    const db = database.db
    after(() => database.close())
    let attempt = 0
    const checkout = (code: string, customerId: string | null) => ({
      attemptId: `ATTEMPT-${++attempt}`,
      customerId,
      codes: [code],
    })

    /** A checkout's transaction as `reserve` runs it: a refusal rolls it back. */
    const inTransaction = (work: (trx: typeof db) => Promise<string>) =>
      db
        .transaction()
        .execute(async (trx) => {
          const outcome = await work(trx)
          if (outcome !== 'ok') throw new Error(outcome)
          return outcome
        })
        .catch((error: Error) => error.message)

    /** The first checkout redeems and keeps its transaction open a while; the second starts meanwhile. */
    async function overlapping(code: string, first: string | null, second: string | null) {
      let redeemedFirst!: () => void
      const firstRedeemed = new Promise<void>((resolve) => {
        redeemedFirst = resolve
      })
      const one = inTransaction(async (trx) => {
        const outcome = await redeemAll(trx, checkout(code, first))
        redeemedFirst()
        await sleep(150)
        return outcome
      })
      await firstRedeemed
      const two = inTransaction((trx) => redeemAll(trx, checkout(code, second)))
      return Promise.all([one, two])
    }

    const row = (code: string) =>
      db.selectFrom('coupons').select('redemptions').where('code', '=', code).executeTakeFirstOrThrow()
    const rows = (code: string) =>
      db
        .withTables<{
          coupon_redemptions: { code: string; customer_id: string | null; attempt_id: string }
        }>()
        .selectFrom('coupon_redemptions')
        .select(['customer_id', 'attempt_id'])
        .where('code', '=', code)
        .execute()

    test('a total limit of 1: the second checkout finds it used up', async () => {
      const code = await insertCoupon(db, { maxRedemptions: 1 })
      assert.deepEqual(await overlapping(code, null, null), ['ok', 'used_up'])
      assert.equal((await row(code)).redemptions, 1)
      assert.equal((await rows(code)).length, 1)
    })

    test('a per-customer limit of 1: the same customer’s second checkout is refused, another customer’s not', async () => {
      const code = await insertCoupon(db, { discountType: 'PERCENT', percentage: 5 })
      await db.updateTable('coupons').set({ per_customer: 1 }).where('code', '=', code).execute()
      assert.deepEqual(await overlapping(code, 'ada', 'ada'), ['ok', 'customer_limit'])
      assert.deepEqual(await overlapping(code, 'ada', 'bob'), ['customer_limit', 'ok'])
      assert.equal((await row(code)).redemptions, 2, 'the refused ones counted nothing')
      assert.deepEqual((await rows(code)).map((r) => r.customer_id).sort(), ['ada', 'bob'])
      const anonymous = await inTransaction((trx) => redeemAll(trx, checkout(code, null)))
      assert.equal(anonymous, 'customer_limit', 'a per-customer coupon needs a customer')
    })

    test('taking a checkout’s redemption back removes its row and its count', async () => {
      const code = await insertCoupon(db, { discountType: 'PERCENT', percentage: 5 })
      const kept = checkout(code, 'ada')
      const released = checkout(code, 'ada')
      assert.equal(await redeemAll(db, kept), 'ok')
      assert.equal(await redeemAll(db, released), 'ok')
      await unredeemAll(db, released.attemptId, [code])
      assert.equal((await row(code)).redemptions, 1)
      assert.deepEqual(
        (await rows(code)).map((r) => r.attempt_id),
        [kept.attemptId],
      )
    })
  })
}
