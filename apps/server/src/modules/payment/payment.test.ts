import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { luhnValid } from './card-rules.ts'
import type { ChargeRequest } from './payment.provider.ts'
import { paymentsOf } from './payment.service.ts'
import { testCardProvider } from './test-card.provider.ts'

const year = new Date().getUTCFullYear()
const card = (over: Record<string, unknown> = {}) => ({
  number: '4242424242424242',
  exp_month: 12,
  exp_year: year + 1,
  cvc: '123',
  ...over,
})

test('luhn', () => {
  assert.ok(luhnValid('4242424242424242'))
  assert.ok(luhnValid('378282246310005'))
  assert.ok(!luhnValid('4242424242424241'))
  assert.ok(!luhnValid('42'))
})

for (const { engine, skip } of testEngines()) {
  describe(`test card provider on ${engine}`, { skip }, () => {
    test('a valid card gives a token; only brand, last4 and expiry are stored', async () => {
      const { app, database } = await createTestApp(engine)
      const res = await app.inject({ method: 'POST', url: '/api/payments/test-card/tokens', payload: card() })
      assert.equal(res.statusCode, 201)
      const token = res.json()
      assert.equal(token.object, 'token')
      assert.deepEqual(token.card, { brand: 'Visa', last4: '4242', exp_month: 12, exp_year: year + 1 })
      assert.ok(!res.body.includes('4242424242424242'))
      const rows = await database.db.selectFrom('card_tokens').selectAll().execute()
      assert.equal(rows.length, 1)
      assert.ok(!JSON.stringify(rows).includes('4242424242424242'))
      assert.ok(!JSON.stringify(rows).includes('"123"'))
    })

    test('card errors name their field', async () => {
      const { app } = await createTestApp(engine)
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ number: '4242424242424241' }, 'incorrect_number', 'number'],
        [{ exp_month: 13 }, 'invalid_expiry_month', 'exp_month'],
        [{ exp_month: 0 }, 'invalid_expiry_month', 'exp_month'],
        [{ exp_year: year - 1 }, 'invalid_expiry_year', 'exp_year'],
        [{ cvc: '12' }, 'invalid_cvc', 'cvc'],
        [{ number: '378282246310005', cvc: '123' }, 'invalid_cvc', 'cvc'],
      ]
      for (const [over, code, param] of cases) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/payments/test-card/tokens',
          payload: card(over),
        })
        assert.equal(res.statusCode, 402, JSON.stringify(over))
        assert.deepEqual(
          { ...res.json().error, message: undefined },
          { type: 'card_error', code, param, message: undefined },
        )
      }
      const month = new Date().getUTCMonth() + 1
      if (month > 1) {
        const past = await app.inject({
          method: 'POST',
          url: '/api/payments/test-card/tokens',
          payload: card({ exp_year: year, exp_month: month - 1 }),
        })
        assert.equal(past.json().error.code, 'invalid_expiry_year')
      }
      const amex = await app.inject({
        method: 'POST',
        url: '/api/payments/test-card/tokens',
        payload: card({ number: '378282246310005', cvc: '1234' }),
      })
      assert.equal(amex.statusCode, 201)
      assert.equal(amex.json().card.brand, 'American Express')
    })

    test('malformed bodies are 400 with details', async () => {
      const { app } = await createTestApp(engine)
      const headers = { 'content-type': 'application/json' }
      for (const payload of [{}, { ...card(), number: 4242 }, { ...card(), exp_month: 'x' }, '{"number":']) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/payments/test-card/tokens',
          headers,
          payload,
        })
        assert.equal(res.statusCode, 400, JSON.stringify(payload))
        assert.equal(res.json().status, 400)
      }
    })

    const tokenMaker = (app: Awaited<ReturnType<typeof createTestApp>>['app']) => async (number: string) =>
      (
        await app.inject({ method: 'POST', url: '/api/payments/test-card/tokens', payload: card({ number }) })
      ).json().id as string
    const request = (token: string, over: Partial<ChargeRequest> = {}): ChargeRequest => ({
      token,
      amountMinor: 1000,
      currency: 'USD',
      idempotencyKey: 'k',
      ...over,
    })
    const usedAlready = {
      ok: false,
      code: 'processing_error',
      message: 'The card token is unknown or was used already.',
    }

    test('a token pays once; the decline test numbers fail at charge', async () => {
      const { app, database } = await createTestApp(engine)
      const tokenOf = tokenMaker(app)
      const ok = await tokenOf('4242424242424242')
      const first = await testCardProvider.charge(request(ok), database.db)
      assert.equal(first.ok, true)
      assert.deepEqual(
        await testCardProvider.charge(request(ok, { idempotencyKey: 'k2' }), database.db),
        usedAlready,
      )
      assert.deepEqual(await testCardProvider.charge(request('tok_unknown'), database.db), usedAlready)
      const declined = await testCardProvider.charge(request(await tokenOf('4000000000000002')), database.db)
      assert.equal(!declined.ok && declined.code, 'card_declined')
      const poor = await testCardProvider.charge(request(await tokenOf('4000000000009995')), database.db)
      assert.equal(!poor.ok && poor.code, 'insufficient_funds')
    })

    test('the same idempotency key replays the first answer, even after a refund; other parameters are refused', async () => {
      const { app, database } = await createTestApp(engine)
      const db = database.db
      const tokenOf = tokenMaker(app)
      const ok = await tokenOf('4242424242424242')
      const first = await testCardProvider.charge(request(ok, { idempotencyKey: 'order-1' }), db)
      assert.ok(first.ok)
      assert.deepEqual(await testCardProvider.charge(request(ok, { idempotencyKey: 'order-1' }), db), first)
      const row = await db
        .selectFrom('card_tokens')
        .selectAll()
        .where('id', '=', ok)
        .executeTakeFirstOrThrow()
      assert.deepEqual(
        [row.charge_key, row.charge_amount_minor, row.charge_currency],
        ['order-1', 1000, 'USD'],
      )
      const otherParameters = {
        ok: false,
        code: 'processing_error',
        message: 'The idempotency key was used for a charge with another amount or currency.',
      }
      assert.deepEqual(
        await testCardProvider.charge(request(ok, { idempotencyKey: 'order-1', amountMinor: 999 }), db),
        otherParameters,
      )
      assert.deepEqual(
        await testCardProvider.charge(request(ok, { idempotencyKey: 'order-1', currency: 'EUR' }), db),
        otherParameters,
      )
      await testCardProvider.refund(first.chargeId, db)
      assert.deepEqual(await testCardProvider.charge(request(ok, { idempotencyKey: 'order-1' }), db), first)
      const declined = await tokenOf('4000000000000002')
      const decline = await testCardProvider.charge(request(declined, { idempotencyKey: 'order-2' }), db)
      assert.equal(!decline.ok && decline.code, 'card_declined')
      assert.deepEqual(
        await testCardProvider.charge(request(declined, { idempotencyKey: 'order-2' }), db),
        decline,
      )
    })

    test('a refund through a provider the shop does not know fails instead of doing nothing', async () => {
      const { database, config } = await createTestApp(engine)
      await assert.rejects(
        paymentsOf({ config }).refund('no-such-provider', 'ch_x', database.db),
        /No payment provider no-such-provider/,
      )
    })

    test('concurrent charges of one token: one charge; same key all get it, other keys are refused', async () => {
      const { app, database } = await createTestApp(engine)
      const db = database.db
      const tokenOf = tokenMaker(app)
      const sameKey = await tokenOf('4242424242424242')
      const results = await Promise.all(
        Array.from({ length: 8 }, () =>
          testCardProvider.charge(request(sameKey, { idempotencyKey: 'one' }), db),
        ),
      )
      assert.ok(results.every((r) => r.ok))
      assert.equal(new Set(results.map((r) => r.ok && r.chargeId)).size, 1)
      const otherKeys = await tokenOf('4242424242424242')
      const raced = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          testCardProvider.charge(request(otherKeys, { idempotencyKey: `key-${i}` }), db),
        ),
      )
      assert.equal(raced.filter((r) => r.ok).length, 1)
      assert.deepEqual(
        raced.filter((r) => !r.ok),
        Array(7).fill(usedAlready),
      )
    })
  })
}
