import { invalidate } from '../apps/server/src/platform/cache/versions.ts'
import type { Db } from '../apps/server/src/platform/db/database.ts'
import { isUniqueViolation } from '../apps/server/src/platform/db/errors.ts'
import { buildDemoRows, type DemoRows } from './catalogue/rows.ts'

const CHUNK = 200

/**
 * Seeds the demo catalogue into an empty shop in one transaction; does nothing when any site exists.
 * Safe when several processes start at once: the loser's insert into `sites` hits the primary key
 * (after the winner commits) and its transaction rolls back.
 */
export async function seedDemo(db: Db): Promise<void> {
  if (await hasSites(db)) return
  const rows = buildDemoRows()
  try {
    await db.transaction().execute(async (trx) => {
      if (await hasSites(trx)) return
      await insertRows(trx, rows)
      await invalidate(trx, 'catalogue')
      await invalidate(trx, 'settings')
    })
  } catch (error) {
    if (isUniqueViolation(error) && (await hasSites(db))) return
    throw error
  }
}

/** Insert order respects foreign keys; sites go first so a concurrent seeder collides on them. */
async function insertRows(trx: Db, rows: DemoRows): Promise<void> {
  await inBatches(rows.sites, (batch) => trx.insertInto('sites').values(batch).execute())
  await inBatches(rows.categories, (batch) => trx.insertInto('categories').values(batch).execute())
  await inBatches(rows.category_texts, (batch) => trx.insertInto('category_texts').values(batch).execute())
  await inBatches(rows.products, (batch) => trx.insertInto('products').values(batch).execute())
  await inBatches(rows.product_texts, (batch) => trx.insertInto('product_texts').values(batch).execute())
  await inBatches(rows.variants, (batch) => trx.insertInto('variants').values(batch).execute())
  await inBatches(rows.variant_texts, (batch) => trx.insertInto('variant_texts').values(batch).execute())
  await inBatches(rows.category_assignments, (batch) =>
    trx.insertInto('category_assignments').values(batch).execute(),
  )
  await inBatches(rows.prices, (batch) => trx.insertInto('prices').values(batch).execute())
  await inBatches(rows.item_fees, (batch) => trx.insertInto('item_fees').values(batch).execute())
  await inBatches(rows.coupons, (batch) => trx.insertInto('coupons').values(batch).execute())
  await inBatches(rows.shipping_zones, (batch) => trx.insertInto('shipping_zones').values(batch).execute())
  await inBatches(rows.shipping_methods, (batch) =>
    trx.insertInto('shipping_methods').values(batch).execute(),
  )
}

/** Multi-row inserts of at most CHUNK rows keep every statement under both engines' parameter limits. */
async function inBatches<T>(list: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < list.length; i += CHUNK) await insert(list.slice(i, i + CHUNK))
}

async function hasSites(db: Db): Promise<boolean> {
  const row = await db.selectFrom('sites').select('code').limit(1).executeTakeFirst()
  return row !== undefined
}
