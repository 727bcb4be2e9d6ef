import { sql } from 'kysely'
import { reindexProducts } from '../apps/server/src/modules/search/search.service.ts'
import { invalidate } from '../apps/server/src/platform/cache/versions.ts'
import { loadConfig } from '../apps/server/src/platform/config.ts'
import { openDatabase } from '../apps/server/src/platform/db/database.ts'
import { migrateToLatest } from '../apps/server/src/platform/db/migrate.ts'
import { buildDemoRows } from '../demo/catalogue/rows.ts'
import { seedDemo } from '../demo/seed.ts'

/** Rows per insert: as many as keep a statement under both engines' bound-parameter limits. */
const PARAMETERS_PER_STATEMENT = 30_000

/**
 * Fills the database at `databaseUrl` with the demo catalogue and then with generated products until it
 * holds `total` products: deterministic copies of the demo products (same texts, variants, prices and
 * categories, ids and codes suffixed `-g<n>`), inserted in batches in one transaction; then rebuilds the
 * search index. `node bench/generate-catalogue.ts <DATABASE_URL> <total>`.
 */
export async function generateCatalogue(
  databaseUrl: string,
  total: number,
): Promise<{ seconds: number; insertSeconds: number; indexSeconds: number }> {
  const started = performance.now()
  const handle = openDatabase(databaseUrl)
  try {
    const db = handle.db
    await migrateToLatest(db)
    await seedDemo(db)
    const demo = buildDemoRows()
    const existing = Number(
      (
        await db
          .selectFrom('products')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    )
    const rows = {
      products: [] as typeof demo.products,
      product_texts: [] as typeof demo.product_texts,
      variants: [] as typeof demo.variants,
      variant_texts: [] as typeof demo.variant_texts,
      category_assignments: [] as typeof demo.category_assignments,
      prices: [] as typeof demo.prices,
    }
    const textsOf = Map.groupBy(demo.product_texts, (t) => t.product_id)
    const variantsOf = Map.groupBy(demo.variants, (v) => v.product_id)
    const variantTextsOf = Map.groupBy(demo.variant_texts, (t) => t.variant_id)
    const assignmentsOf = Map.groupBy(demo.category_assignments, (a) => a.product_id)
    const pricesOf = Map.groupBy(demo.prices, (p) => p.product_id)
    for (let n = existing; n < total; n++) {
      const template = demo.products[n % demo.products.length]
      if (!template) break
      const suffix = `-g${n}`
      const id = `${template.id}${suffix}`
      rows.products.push({ ...template, id, code: `${template.code}${suffix.toUpperCase()}` })
      for (const t of textsOf.get(template.id) ?? []) rows.product_texts.push({ ...t, product_id: id })
      for (const v of variantsOf.get(template.id) ?? []) {
        rows.variants.push({
          ...v,
          id: `${v.id}${suffix}`,
          product_id: id,
          code: `${v.code}${suffix.toUpperCase()}`,
        })
        for (const t of variantTextsOf.get(v.id) ?? [])
          rows.variant_texts.push({ ...t, variant_id: `${v.id}${suffix}` })
      }
      for (const a of assignmentsOf.get(template.id) ?? [])
        rows.category_assignments.push({ ...a, product_id: id })
      for (const p of pricesOf.get(template.id) ?? []) {
        rows.prices.push({
          ...p,
          id: `${p.id}${suffix}`,
          product_id: id,
          variant_id: p.variant_id ? `${p.variant_id}${suffix}` : null,
        })
      }
    }
    const insertStarted = performance.now()
    await db.transaction().execute(async (trx) => {
      for (const table of Object.keys(rows) as Array<keyof typeof rows>) {
        const list = rows[table] as object[]
        const chunk = Math.floor(PARAMETERS_PER_STATEMENT / Object.keys(list[0] ?? { x: 1 }).length)
        for (let i = 0; i < list.length; i += chunk) {
          await trx
            .insertInto(table)
            .values(list.slice(i, i + chunk) as never)
            .execute()
        }
      }
      await invalidate(trx, 'catalogue')
    })
    const indexStarted = performance.now()
    const config = { ...loadConfig({ DATABASE_URL: databaseUrl }), databaseUrl }
    await reindexProducts({ db, engine: handle.engine, config, log: console as never })
    // Planner statistics for the fresh bulk load (autovacuum would get there later on PostgreSQL).
    await sql`analyze`.execute(db)
    const now = performance.now()
    return {
      seconds: (now - started) / 1000,
      insertSeconds: (indexStarted - insertStarted) / 1000,
      indexSeconds: (now - indexStarted) / 1000,
    }
  } finally {
    await handle.close()
  }
}

if (import.meta.main) {
  const [url, count] = process.argv.slice(2)
  if (!url || !count)
    throw new Error('usage: node bench/generate-catalogue.ts <DATABASE_URL> <total products>')
  const r = await generateCatalogue(url, Number(count))
  console.log(
    `${count} products in ${r.seconds.toFixed(1)} s (inserts ${r.insertSeconds.toFixed(1)} s, search index ${r.indexSeconds.toFixed(1)} s)`,
  )
}
