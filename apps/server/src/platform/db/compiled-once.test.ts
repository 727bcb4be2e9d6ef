import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { sql } from 'kysely'
import { countingStatements } from '../testing/statements.ts'
import { createTestDatabase, testEngines } from '../testing/test-db.ts'
import { compiledOnce, compiledPerShape } from './compiled-once.ts'
import type { Db } from './database.ts'

let builds = 0

// Module-level, as the repositories keep them: one object serves both engines of this file, each compiled for its
// own dialect.
const insertToken = compiledOnce(
  (db: Db, t: { id: string; brand: string; last4: string; expYear: number; now: string }) => {
    builds++
    return db.insertInto('card_tokens').values({
      id: t.id,
      brand: t.brand,
      last4: t.last4,
      exp_month: 12,
      exp_year: t.expYear,
      outcome: 'success',
      used_at: null,
      created_at: t.now,
    })
  },
)
const useToken = compiledOnce((db: Db, c: { id: string; now: string; key: string }) =>
  db
    .updateTable('card_tokens')
    .set({ used_at: c.now, charge_key: c.key, exp_year: sql<number>`exp_year + 1` })
    .where('id', '=', c.id)
    .where('used_at', 'is', null)
    .returning(['id', 'charge_key', 'exp_year']),
)
const findTokens = compiledOnce((db: Db, f: { brand: string }) =>
  db.selectFrom('card_tokens').select(['id', 'last4', 'outcome']).where('brand', '=', f.brand).orderBy('id'),
)

let shapeBuilds = 0
// An `in` list's length is part of the SQL: one statement per length.
const findByIds = compiledPerShape(
  (length: number) => String(length),
  (length) => (db: Db, v: Record<string, string>) => {
    shapeBuilds++
    const ids = Array.from({ length }, (_, n) => v[`id${n}`] as string)
    return db.selectFrom('card_tokens').select('id').where('id', 'in', ids).orderBy('id')
  },
)
const byIds = (db: Db, ids: string[]) =>
  findByIds(ids.length)
    .run(db, Object.fromEntries(ids.map((id, n) => [`id${n}`, id])))
    .then(({ rows }) => rows.map((row) => row.id))

const token = (id: string, brand = 'visa') => ({
  id,
  brand,
  last4: '4242',
  expYear: 2031,
  now: '2026-11-29T10:00:00.000Z',
})

for (const { engine, skip } of testEngines()) {
  describe(`a statement compiled once on ${engine}`, { skip }, async () => {
    const { db } = await createTestDatabase(engine)

    test('each run writes and reads its own values; constants the build put in stay', async () => {
      await insertToken.run(db, token('t-1'))
      await insertToken.run(db, token('t-2', 'mastercard'))
      await insertToken.run(db, token('t-3'))
      const rows = await db
        .selectFrom('card_tokens')
        .selectAll()
        .where('id', 'in', ['t-1', 't-2', 't-3'])
        .orderBy('id')
        .execute()
      assert.deepEqual(
        rows.map((r) => [
          r.id,
          r.brand,
          r.last4,
          r.exp_month,
          r.exp_year,
          r.outcome,
          r.used_at,
          r.created_at,
        ]),
        [
          ['t-1', 'visa', '4242', 12, 2031, 'success', null, '2026-11-29T10:00:00.000Z'],
          ['t-2', 'mastercard', '4242', 12, 2031, 'success', null, '2026-11-29T10:00:00.000Z'],
          ['t-3', 'visa', '4242', 12, 2031, 'success', null, '2026-11-29T10:00:00.000Z'],
        ],
      )
      const { rows: visa } = await findTokens.run(db, { brand: 'visa' })
      assert.deepEqual(
        visa.map((r) => ({ ...r })),
        [
          { id: 't-1', last4: '4242', outcome: 'success' },
          { id: 't-3', last4: '4242', outcome: 'success' },
        ],
      )
    })

    test('a guarded update answers its returned rows once, and none when the guard fails', async () => {
      await insertToken.run(db, token('u-1'))
      const first = await useToken.run(db, { id: 'u-1', now: '2026-11-29T11:00:00.000Z', key: 'k-1' })
      assert.deepEqual(
        first.rows.map((r) => ({ ...r })),
        [{ id: 'u-1', charge_key: 'k-1', exp_year: 2032 }],
      )
      const second = await useToken.run(db, { id: 'u-1', now: '2026-11-29T12:00:00.000Z', key: 'k-2' })
      assert.deepEqual(second.rows, [])
      const row = await db
        .selectFrom('card_tokens')
        .selectAll()
        .where('id', '=', 'u-1')
        .executeTakeFirstOrThrow()
      assert.equal(row.charge_key, 'k-1')
      assert.equal(row.used_at, '2026-11-29T11:00:00.000Z')
    })

    test('runs inside a transaction, and rolls back with it', async () => {
      await assert.rejects(
        db.transaction().execute(async (trx) => {
          await insertToken.run(trx, token('r-1'))
          const { rows } = await trx
            .selectFrom('card_tokens')
            .select('id')
            .where('id', '=', 'r-1')
            .execute()
            .then((rows) => ({ rows }))
          assert.equal(rows.length, 1)
          throw new Error('roll back')
        }),
        /roll back/,
      )
      assert.equal(
        await db.selectFrom('card_tokens').select('id').where('id', '=', 'r-1').executeTakeFirst(),
        undefined,
      )
    })

    test('built once per dialect: later runs, transactions and views with no plugin of their own reuse it', async () => {
      const before = builds
      for (let n = 0; n < 5; n++) await insertToken.run(db, token(`b-${n}`))
      await db.transaction().execute((trx) => insertToken.run(trx, token('b-trx')))
      assert.equal(builds, before)
      // A handle with a plugin is compiled for it once (its transformQuery runs at compilation), and its
      // plugin still sees every run.
      const counted = countingStatements(db)
      await insertToken.run(counted.db, token('c-1'))
      await insertToken.run(counted.db, token('c-2'))
      assert.equal(builds, before + 1)
      assert.equal(counted.statements(), 2)
    })

    test('per shape: each shape built once, and each run answers for its own values', async () => {
      for (const id of ['s-1', 's-2', 's-3']) await insertToken.run(db, token(id))
      const before = shapeBuilds
      assert.deepEqual(await byIds(db, ['s-1']), ['s-1'])
      assert.deepEqual(await byIds(db, ['s-3', 's-1']), ['s-1', 's-3'])
      assert.deepEqual(await byIds(db, ['s-2']), ['s-2'])
      assert.deepEqual(await byIds(db, ['s-2', 's-3']), ['s-2', 's-3'])
      assert.deepEqual(await byIds(db, ['s-1', 's-2', 's-3']), ['s-1', 's-2', 's-3'])
      assert.equal(shapeBuilds, before + 3)
    })

    test('a value left undefined is refused before any statement runs', async () => {
      const counted = countingStatements(db)
      await insertToken.run(counted.db, token('d-0'))
      const missing = { ...token('d-1'), last4: undefined } as unknown as ReturnType<typeof token>
      await assert.rejects(insertToken.run(counted.db, missing), /no value for "last4"/)
      assert.equal(counted.statements(), 1)
      assert.equal(
        await db.selectFrom('card_tokens').select('id').where('id', '=', 'd-1').executeTakeFirst(),
        undefined,
      )
    })
  })
}
