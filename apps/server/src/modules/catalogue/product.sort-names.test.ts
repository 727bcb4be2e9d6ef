import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { CompiledQuery, type KyselyPlugin, type RootOperationNode, sql } from 'kysely'
import { seedDemo } from '../../../../../demo/seed.ts'
import type { Db, Engine } from '../../platform/db/database.ts'
import { insertCategory, insertProduct, insertProductText } from '../../platform/testing/fixtures.ts'
import { createTestDatabase, testEngines } from '../../platform/testing/test-db.ts'
import { findProductPage, type ProductCriteria } from './product-list.repository.ts'
import type { ProductSort } from './product-query.ts'

const de = (desc = false): ProductSort => ({ by: 'name', language: 'de', desc })
const noFilter: ProductCriteria = { idLists: [], names: [], categoryIdSets: [] }

/** Ids of a listing page through the repository's public function. */
async function ids(db: Db, sort: ProductSort, criteria = noFilter, page = { offset: 0, limit: 50 }) {
  return (await findProductPage(db, criteria, sort, page)).map((p) => p.id)
}

/** The statements `run` sends, as compiled SQL with parameters (captured by a plugin, then compiled). */
async function statementsOf(db: Db, run: (db: Db) => Promise<unknown>): Promise<CompiledQuery[]> {
  const nodes: RootOperationNode[] = []
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      nodes.push(args.node)
      return args.node
    },
    transformResult: async (args) => args.result,
  }
  await run(db.withPlugin(plugin))
  return nodes.map((node) => db.getExecutor().compileQuery(node, { queryId: 'plan' }))
}

/**
 * The plan of a statement. PostgreSQL is told to avoid sorts and sequential scans where it can: a Sort node
 * left in the plan then means no index can deliver the order (on a table of a few rows it would otherwise
 * sort anyway, which says nothing about 100,000).
 */
async function planOf(db: Db, engine: Engine, query: CompiledQuery): Promise<string> {
  if (engine === 'sqlite') {
    const { rows } = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    )
    return rows.map((r) => r.detail).join('\n')
  }
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_sort = off`.execute(trx)
    await sql`set local enable_seqscan = off`.execute(trx)
    const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
    )
    return rows.map((r) => r['QUERY PLAN']).join('\n')
  })
}

for (const { engine, skip } of testEngines()) {
  describe(`name sort keys on ${engine}`, { skip }, async () => {
    const { db } = await createTestDatabase(engine)
    const shoes = await insertCategory(db, { id: 'c-shoes', name: 'Shoes' })
    await insertProduct(db, { id: 'boot', name: 'Boot', categoryIds: [shoes] })
    await insertProductText(db, 'boot', 'de', 'Stiefel')
    await insertProduct(db, { id: 'sandal', name: 'Sandal', categoryIds: [shoes] })
    await insertProductText(db, 'sandal', 'de', 'Sandale')
    await insertProduct(db, { id: 'clog', name: 'Clog', categoryIds: [shoes] })
    await insertProduct(db, { id: 'hat', name: 'Hat' })
    await insertProductText(db, 'hat', 'de', 'Mütze')

    test('German lists by German names, English for an untranslated product, both directions', async () => {
      assert.deepEqual(await ids(db, de()), ['clog', 'hat', 'sandal', 'boot'])
      assert.deepEqual(await ids(db, de(true)), ['boot', 'sandal', 'hat', 'clog'])
      assert.deepEqual(await ids(db, de(), { ...noFilter, categoryIdSets: [[shoes]] }), [
        'clog',
        'sandal',
        'boot',
      ])
      assert.deepEqual(await ids(db, de(), noFilter, { offset: 1, limit: 2 }), ['hat', 'sandal'])
    })

    test('writers keep the keys current: new, changed and removed texts, new languages, removed products', async () => {
      // A new German text moves the product from its English name to its German one.
      await insertProductText(db, 'clog', 'de', 'Zoccolo')
      assert.deepEqual(await ids(db, de()), ['hat', 'sandal', 'boot', 'clog'])
      // A changed German name and a changed English name (the fallback of untranslated products).
      await db
        .updateTable('product_texts')
        .set({ name: 'Arbeitsstiefel' })
        .where('product_id', '=', 'boot')
        .where('language', '=', 'de')
        .execute()
      await insertProduct(db, { id: 'cap', name: 'Cap' })
      assert.deepEqual(await ids(db, de()), ['boot', 'cap', 'hat', 'sandal', 'clog'])
      await db.updateTable('product_texts').set({ name: 'Visor' }).where('product_id', '=', 'cap').execute()
      assert.deepEqual(await ids(db, de()), ['boot', 'hat', 'sandal', 'cap', 'clog'])
      // A description change leaves the order alone; a removed German text falls back to English.
      await db
        .updateTable('product_texts')
        .set({ description: 'Warm.' })
        .where('product_id', '=', 'hat')
        .execute()
      await db
        .deleteFrom('product_texts')
        .where('product_id', '=', 'clog')
        .where('language', '=', 'de')
        .execute()
      assert.deepEqual(await ids(db, de()), ['boot', 'clog', 'hat', 'sandal', 'cap'])
      // The first French text: French lists by it and by English names for the rest.
      const fr: ProductSort = { by: 'name', language: 'fr', desc: false }
      assert.deepEqual(await ids(db, fr), ['boot', 'clog', 'hat', 'sandal', 'cap'])
      await insertProductText(db, 'cap', 'fr', 'Casquette')
      assert.deepEqual(await ids(db, fr), ['boot', 'cap', 'clog', 'hat', 'sandal'])
      // A removed product leaves no key behind.
      await db.deleteFrom('products').where('id', '=', 'cap').execute()
      assert.deepEqual(await ids(db, fr), ['boot', 'clog', 'hat', 'sandal'])
      const left = await db
        .selectFrom('product_sort_names')
        .select('product_id')
        .where('product_id', '=', 'cap')
        .execute()
      assert.deepEqual(left, [])
    })

    test('every name sort walks the sort-key index: no sort step, with and without a category', async () => {
      for (const sort of [de(), de(true), { by: 'name', language: 'en', desc: false } as const]) {
        for (const categoryIdSets of [[], [[shoes]]]) {
          const statements = await statementsOf(db, (probe) =>
            // Threshold 1: a category is walked with a membership probe (a large one at 100,000 products).
            findProductPage(probe, { ...noFilter, categoryIdSets }, sort, { offset: 0, limit: 2 }, 1),
          )
          assert.equal(statements.length, 1)
          const plan = await planOf(db, engine, statements[0] as CompiledQuery)
          const label = `${JSON.stringify(sort)} ${categoryIdSets}:\n${plan}`
          assert.match(plan, /product_sort_names_order/, label)
          // A category listing is a union of two arms, each a limited walk; merging them sorts at most a
          // page of rows per arm (SQLite: a B-tree after `SCAN w`/`SCAN g`; PostgreSQL: a Merge Append).
          // No sort may sit inside an arm.
          const arms = plan.replace(/SCAN [wg]\nUSE TEMP B-TREE FOR ORDER BY/g, '')
          if (engine === 'sqlite') assert.doesNotMatch(arms, /TEMP B-TREE/, label)
          else assert.doesNotMatch(plan, /^\s*(->\s+)?(Incremental )?Sort\s+\(/m, label)
        }
      }
    })

    test('the demo seed fills a key for every product and language', async () => {
      const seeded = await createTestDatabase(engine)
      await seedDemo(seeded.db)
      const { rows } = await sql<{ n: number; wrong: number }>`select count(*) as n,
        sum(case when s.sort_name is distinct from lower(coalesce(t.name, e.name)) then 1 else 0 end) as wrong
        from products p cross join product_sort_languages l
        left join product_texts t on t.product_id = p.id and t.language = l.language
        left join product_texts e on e.product_id = p.id and e.language = 'en'
        left join product_sort_names s on s.product_id = p.id and s.language = l.language`.execute(seeded.db)
      const languages = await seeded.db.selectFrom('product_sort_languages').select('language').execute()
      assert.deepEqual(languages.map((l) => l.language).sort(), ['de', 'en'])
      assert.ok(Number(rows[0]?.n) > 0)
      assert.equal(Number(rows[0]?.wrong), 0)
    })
  })
}
