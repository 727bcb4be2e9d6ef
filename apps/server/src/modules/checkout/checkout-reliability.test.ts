import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { FastifyBaseLogger } from 'fastify'
import { sql } from 'kysely'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/database.ts'
import { forceFailure } from '../../platform/testing/forced-failure.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { bearer, cardToken } from '../cart/cart.testing.ts'
import { recoverStaleAttempts } from './checkout.sweep.ts'
import { placeOrder, readyToOrder, shopWithProduct, stockOf } from './checkout.testing.ts'

/**
 * The checkout saga (docs/decisions/0008) under forced failures, and the Idempotency-Key of checkouts/order (0018).
 * Failures are forced with database triggers, so the real code paths fail as a broken database would.
 */
const tokenOf = (db: Db, id: string) =>
  db.selectFrom('card_tokens').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const attempts = (db: Db) =>
  sql<{ id: string; status: string }>`select id, status from payment_attempts`.execute(db).then((r) => r.rows)
const orderCount = async (db: Db) => (await db.selectFrom('orders').select('id').execute()).length
const silent = { log: { error() {}, warn() {} } as unknown as FastifyBaseLogger }
/** One sweep of the recovery over attempts untouched for `olderThanMs`; how many it recovered. */
const recover = async (db: Db, config: Config, olderThanMs = 0) =>
  (await recoverStaleAttempts({ db, config, ...silent }, { olderThanMs })).recovered

/** What a recovered checkout leaves: no order, the stock back, the card refunded, the attempt released. */
async function assertRecovered(db: Db, productId: string, cardToken: string) {
  assert.equal(await orderCount(db), 0)
  assert.equal(await stockOf(db, productId), 5)
  assert.equal((await tokenOf(db, cardToken)).outcome, 'refunded')
  assert.deepEqual(
    (await attempts(db)).map((a) => a.status),
    ['released'],
  )
}

for (const { engine, skip } of testEngines()) {
  describe(`checkout saga on ${engine}`, { skip }, () => {
    test('order creation failing after the charge: refunded, no order, stock and cart back', async () => {
      const { app, database } = await createTestApp(engine)
      const db = database.db
      const shop = await shopWithProduct(db)
      const { token, cartId, body } = await readyToOrder(app, shop)
      const undo = await forceFailure(db, engine, 'fail_orders', 'insert on orders')
      const res = await placeOrder(app, token, body)
      assert.equal(res.statusCode, 500)
      assert.equal(res.json().type, 'internal_error')
      await undo()
      assert.equal(await orderCount(db), 0)
      assert.equal(await stockOf(db, shop.productId), 5)
      assert.equal((await tokenOf(db, body.payment.customAttributes.token)).outcome, 'refunded')
      assert.deepEqual(
        (await attempts(db)).map((a) => a.status),
        ['failed'],
      )
      const cart = await app.inject({
        method: 'GET',
        url: `/api/cart/carts/${cartId}`,
        headers: bearer(token),
      })
      assert.equal(cart.statusCode, 200, 'the cart is open again')
      const retry = await placeOrder(app, token, {
        ...body,
        payment: { ...body.payment, customAttributes: { token: await cardToken(app) } },
      })
      assert.equal(retry.statusCode, 201, retry.body)
      assert.equal(await stockOf(db, shop.productId), 3)
    })

    test('a process that dies after the charge (refund failing too) is refunded and released by the recovery', async () => {
      const { app, database, config } = await createTestApp(engine)
      const db = database.db
      const shop = await shopWithProduct(db)
      const { token, body } = await readyToOrder(app, shop)
      const undoOrders = await forceFailure(db, engine, 'fail_orders', 'insert on orders')
      const undoRefund = await forceFailure(
        db,
        engine,
        'fail_refund',
        'update on card_tokens',
        "new.outcome = 'refunded'",
      )
      assert.equal((await placeOrder(app, token, body)).statusCode, 500)
      // what a dead process leaves: a charged attempt, stock reserved, no order
      assert.deepEqual(
        (await attempts(db)).map((a) => a.status),
        ['charged'],
      )
      assert.equal(await stockOf(db, shop.productId), 3)
      await undoRefund()
      await undoOrders()
      assert.equal(await recover(db, config, 60_000), 0, 'too young')
      assert.equal(await recover(db, config), 1)
      assert.equal(await recover(db, config), 0, 'once only')
      await assertRecovered(db, shop.productId, body.payment.customAttributes.token)
    })

    test('a charge whose answer was lost is found again by the recovery (same idempotency key) and refunded once', async () => {
      const { app, database, config } = await createTestApp(engine)
      const db = database.db
      const shop = await shopWithProduct(db)
      const { token, body } = await readyToOrder(app, shop)
      // the provider charged, then the process could neither journal the charge id nor refund it: what a
      // process dying between the provider's answer and the `charged` write leaves behind
      const undoJournal = await forceFailure(
        db,
        engine,
        'fail_journal',
        'update on payment_attempts',
        "new.status = 'charged'",
      )
      const undoRefund = await forceFailure(
        db,
        engine,
        'fail_refund',
        'update on card_tokens',
        "new.outcome = 'refunded'",
      )
      assert.equal((await placeOrder(app, token, body)).statusCode, 500)
      const [attempt] = await attempts(db)
      assert.equal(attempt?.status, 'pending', 'the charge id was never journaled')
      const charged = await tokenOf(db, body.payment.customAttributes.token)
      assert.equal(charged.outcome, 'succeeds', 'the card is charged')
      assert.ok(charged.used_at)
      assert.equal(charged.charge_key, attempt?.id, 'under the attempt id as idempotency key')
      await undoRefund()
      await undoJournal()
      assert.equal(await recover(db, config), 1)
      assert.equal(await recover(db, config), 0)
      await assertRecovered(db, shop.productId, body.payment.customAttributes.token)
    })

    test('a charge that fails unexpectedly leaves a pending attempt the recovery charges and refunds', async () => {
      const { app, database, config } = await createTestApp(engine)
      const db = database.db
      const shop = await shopWithProduct(db)
      const { token, body } = await readyToOrder(app, shop)
      const undo = await forceFailure(
        db,
        engine,
        'fail_charge',
        'update on card_tokens',
        'new.used_at is not null and old.used_at is null',
      )
      assert.equal((await placeOrder(app, token, body)).statusCode, 500)
      assert.equal(
        await stockOf(db, shop.productId),
        3,
        'still reserved: the outcome of the charge is unknown',
      )
      await undo()
      assert.equal(await recover(db, config), 1)
      const card = await tokenOf(db, body.payment.customAttributes.token)
      assert.ok(card.used_at, 'charged by the recovery under the same idempotency key')
      assert.equal(card.outcome, 'refunded', '…and refunded')
      await assertRecovered(db, shop.productId, body.payment.customAttributes.token)
    })
  })

  describe(`Idempotency-Key of checkouts/order on ${engine}`, { skip }, () => {
    const post = (app: Parameters<typeof placeOrder>[0], token: string, key: string, payload: object) =>
      app.inject({
        method: 'POST',
        url: '/api/checkout/checkouts/order',
        headers: { ...bearer(token), 'idempotency-key': key },
        payload,
      })

    test('same key and body replays the answer; another body is 422; keys are per caller', async () => {
      const { app, database } = await createTestApp(engine)
      const db = database.db
      const shop = await shopWithProduct(db)
      const { token, body } = await readyToOrder(app, shop, { quantity: 1 })
      const first = await post(app, token, 'key-1', body)
      assert.equal(first.statusCode, 201, first.body)
      const again = await post(app, token, 'key-1', body)
      assert.equal(again.statusCode, 201)
      assert.deepEqual(again.json(), first.json())
      assert.equal(again.headers['idempotent-replayed'], 'true')
      assert.equal(first.headers['idempotent-replayed'], undefined)
      const other = await post(app, token, 'key-1', { ...body, totalPrice: body.totalPrice + 1 })
      assert.equal(other.statusCode, 422)
      assert.equal(other.json().type, 'idempotency_key_reused')
      assert.equal(other.json().details[0].field, 'header.idempotency-key')
      assert.equal(await orderCount(db), 1)
      assert.equal(await stockOf(db, shop.productId), 4)
      // another caller with the same key gets its own order, never the first caller's answer
      const second = await readyToOrder(app, shop, { quantity: 1 })
      const theirs = await post(app, second.token, 'key-1', second.body)
      assert.equal(theirs.statusCode, 201, theirs.body)
      assert.notEqual(theirs.json().orderId, first.json().orderId)
      assert.equal(await orderCount(db), 2)
      // without a key a repeat is refused by the cart claim as before
      const noKey = await placeOrder(app, token, body)
      assert.equal(noKey.statusCode, 409)
      const tooLong = await post(app, token, 'k'.repeat(256), body)
      assert.equal(tooLong.statusCode, 400)
      assert.equal(tooLong.json().details[0].field, 'headers.idempotency-key')
    })

    test('an error answer is replayed too (402 decline, one charge attempt)', async () => {
      const { app, database } = await createTestApp(engine)
      const shop = await shopWithProduct(database.db)
      const { token, body } = await readyToOrder(app, shop, { card: '4000000000000002' })
      const first = await post(app, token, 'decline', body)
      assert.equal(first.statusCode, 402)
      const again = await post(app, token, 'decline', body)
      assert.equal(again.statusCode, 402)
      assert.deepEqual(again.json(), first.json())
      assert.deepEqual(
        (await attempts(database.db)).map((a) => a.status),
        ['failed'],
        'the replay did not try to charge again',
      )
    })

    test('concurrent duplicates with one key make one order and all get its answer', async () => {
      const { app, database } = await createTestApp(engine)
      const db = database.db
      const shop = await shopWithProduct(db)
      const { token, body } = await readyToOrder(app, shop, { quantity: 1 })
      const results = await Promise.all(
        Array.from({ length: 8 }, () => post(app, token, 'double-click', body)),
      )
      assert.deepEqual(
        results.map((r) => r.statusCode),
        Array(8).fill(201),
      )
      assert.equal(new Set(results.map((r) => r.json().orderId)).size, 1)
      assert.equal(results.filter((r) => r.headers['idempotent-replayed'] === 'true').length, 7)
      assert.equal(await orderCount(db), 1)
      assert.equal(await stockOf(db, shop.productId), 4)
      assert.equal((await attempts(db)).length, 1, 'one charge')
    })

    test('a 5xx frees the key: the retry with it runs again', async () => {
      const { app, database } = await createTestApp(engine)
      const db = database.db
      const shop = await shopWithProduct(db)
      const { token, body } = await readyToOrder(app, shop, { quantity: 1 })
      const undo = await forceFailure(db, engine, 'fail_orders2', 'insert on orders')
      assert.equal((await post(app, token, 'retry-me', body)).statusCode, 500)
      await undo()
      const fresh = {
        ...body,
        payment: { ...body.payment, customAttributes: { token: await cardToken(app) } },
      }
      const retry = await post(app, token, 'retry-me', fresh)
      assert.equal(retry.statusCode, 201, retry.body)
      assert.equal(await orderCount(db), 1)
    })
  })
}
