import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Db } from '../db/database.ts'
import { countingStatements } from '../testing/statements.ts'
import { createTestDatabase, testEngines } from '../testing/test-db.ts'
import { keptRead } from './kept-read.ts'
import { invalidate } from './versions.ts'

/**
 * Kept reads of a scope's data (docs/decisions/0088): a value is read once per version of its scope, a write made
 * through another handle (another process) with `invalidate` is seen by the next call, a transaction reads afresh.
 */
type Values = { kept_read_values: { name: string; value: number } }
const values = (db: Db) => db.withTables<Values>()

const storedValue = async (db: Db, name: string) =>
  (
    await values(db)
      .selectFrom('kept_read_values')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirst()
  )?.value ?? null

async function setValue(db: Db, name: string, value: number) {
  await db.transaction().execute(async (trx) => {
    await values(trx).updateTable('kept_read_values').set({ value }).where('name', '=', name).execute()
    await invalidate(trx, 'settings')
  })
}

for (const { engine, skip } of testEngines()) {
  describe(`kept reads on ${engine}`, { skip }, async () => {
    const { db } = await createTestDatabase(engine)
    await db.schema
      .createTable('kept_read_values')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'integer', (c) => c.notNull())
      .execute()
    await values(db)
      .insertInto('kept_read_values')
      .values([
        { name: 'a', value: 1 },
        { name: 'b', value: 2 },
      ])
      .execute()

    test('a value is read once while the version stays; concurrent callers share the read', async () => {
      const view = countingStatements(db)
      let reads = 0
      const read = keptRead('settings', (d, name) => {
        reads++
        return storedValue(d, name)
      })
      const first = await Promise.all(Array.from({ length: 10 }, () => read(view.db, 'a')))
      assert.deepEqual(first, Array(10).fill(1))
      assert.equal(reads, 1)
      assert.equal(await read(view.db, 'a'), 1)
      assert.equal(await read(view.db, 'b'), 2)
      assert.equal(reads, 2)
      // one version read per call's turn, one read per key
      assert.equal(view.statements(), 2 + 2 + 1)
    })

    test("a write through another handle (another process's) is seen by the next call", async () => {
      const shop = db.withPlugin({ transformQuery: (a) => a.node, transformResult: async (a) => a.result })
      const read = keptRead('settings', storedValue)
      assert.equal(await read(shop, 'a'), 1)
      await setValue(db, 'a', 10)
      assert.equal(await read(shop, 'a'), 10)
      await setValue(db, 'a', 1)
      assert.equal(await read(shop, 'a'), 1)
    })

    test('a write to another scope keeps the value', async () => {
      let reads = 0
      const read = keptRead('settings', (d, name) => {
        reads++
        return storedValue(d, name)
      })
      await read(db, 'b')
      await invalidate(db, 'catalogue')
      await read(db, 'b')
      assert.equal(reads, 1)
    })

    test('a transaction reads afresh and sees its own writes; nothing it reads is kept', async () => {
      const read = keptRead('settings', storedValue)
      assert.equal(await read(db, 'b'), 2)
      await db
        .transaction()
        .execute(async (trx) => {
          await values(trx)
            .updateTable('kept_read_values')
            .set({ value: 20 })
            .where('name', '=', 'b')
            .execute()
          assert.equal(await read(trx, 'b'), 20)
          throw new Error('roll back')
        })
        .catch(() => undefined)
      assert.equal(await read(db, 'b'), 2)
    })

    test('a failed read is not kept, and kept values are frozen', async () => {
      let fail = true
      const read = keptRead('settings', async (d, name) => {
        if (fail) throw new Error('down')
        return { name, value: await storedValue(d, name), tags: ['x'] }
      })
      await assert.rejects(read(db, 'a'), /down/)
      fail = false
      const value = await read(db, 'a')
      assert.equal(value.value, 1)
      assert.ok(Object.isFrozen(value) && Object.isFrozen(value.tags))
    })
  })
}
