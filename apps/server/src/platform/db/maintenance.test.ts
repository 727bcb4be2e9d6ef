import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'kysely'
import { insertProduct } from '../testing/fixtures.ts'
import { createTestDatabase, testEngines } from '../testing/test-db.ts'
import { optimizeDatabase, refreshStatistics, scheduleOptimize } from './maintenance.ts'

for (const { engine, skip } of testEngines()) {
  describe(`planner statistics on ${engine}`, { skip }, async () => {
    const handle = await createTestDatabase(engine)
    for (let i = 0; i < 5; i++) await insertProduct(handle.db)

    test('optimizing runs without error (SQLite: the grown tables get statistics)', async () => {
      await optimizeDatabase(handle)
      if (engine === 'sqlite') {
        const { rows } = await sql<{ tbl: string }>`select distinct tbl from sqlite_stat1`.execute(handle.db)
        assert.ok(
          rows.some((r) => r.tbl === 'products'),
          JSON.stringify(rows),
        )
      }
    })

    test('refreshing named tables gives PostgreSQL their size now (SQLite: optimize by its own rule)', async () => {
      const estimate = async () =>
        Number(
          (
            await sql<{ n: number }>`select reltuples as n from pg_class where relname = 'products'`.execute(
              handle.db,
            )
          ).rows[0]?.n,
        )
      if (engine === 'postgres')
        await sql`alter table products set (autovacuum_enabled = off)`.execute(handle.db)
      const before = engine === 'postgres' ? await estimate() : 0
      for (let i = 0; i < 20; i++) await insertProduct(handle.db)
      await refreshStatistics(handle, ['products', 'prices'])
      if (engine === 'postgres') {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from products`.execute(handle.db)
        assert.notEqual(before, rows[0]?.n)
        assert.equal(await estimate(), rows[0]?.n)
      }
      await refreshStatistics(handle, [])
    })

    test('the schedule runs repeatedly, reports failures and stops', async () => {
      const errors: unknown[] = []
      let runs = 0
      const counted = {
        engine: handle.engine,
        db: handle.db.withPlugin({
          transformQuery: (args) => {
            runs++
            return args.node
          },
          transformResult: async (args) => args.result,
        }),
      }
      const stop = scheduleOptimize(engine === 'sqlite' ? counted : handle, (e) => errors.push(e), 10)
      await sleep(80)
      stop()
      const after = runs
      await sleep(40)
      assert.equal(errors.length, 0)
      if (engine === 'sqlite') {
        assert.ok(runs >= 2, `${runs} runs`)
        assert.equal(runs, after)
      }
      const failing = {
        engine: 'sqlite' as const,
        db: handle.db.withPlugin({
          transformQuery: () => {
            throw new Error('closed')
          },
          transformResult: async (args) => args.result,
        }),
      }
      const stopFailing = scheduleOptimize(failing, (e) => errors.push(e), 10)
      await sleep(50)
      stopFailing()
      assert.ok(errors.length >= 2, `${errors.length} failures reported`)
    })
  })
}
