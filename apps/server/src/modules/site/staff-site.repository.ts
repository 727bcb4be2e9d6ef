import type { Insertable, Updateable } from 'kysely'
import type { Db } from '../../platform/db/database.ts'
import type { SiteRow, SitesTable } from '../../platform/db/schema.ts'

/** Every site, active or not, in the storefront's order. */
export function allSites(db: Db): Promise<SiteRow[]> {
  return db.selectFrom('sites').selectAll().orderBy('position').orderBy('code').execute()
}

export function findSiteRow(db: Db, code: string): Promise<SiteRow | undefined> {
  return db.selectFrom('sites').selectAll().where('code', '=', code).executeTakeFirst()
}

export async function insertSite(db: Db, row: Insertable<SitesTable>): Promise<void> {
  await db.insertInto('sites').values(row).execute()
}

export async function updateSite(db: Db, code: string, values: Updateable<SitesTable>): Promise<void> {
  await db.updateTable('sites').set(values).where('code', '=', code).execute()
}

/** One default site: every other loses the flag. */
export async function clearDefaultExcept(db: Db, code: string): Promise<void> {
  await db.updateTable('sites').set({ is_default: 0 }).where('code', '!=', code).execute()
}

/**
 * Whether anything holds amounts in the site's currency: a cart or an order of the site, a shipping method of one
 * of its zones, an item fee for it (other modules' tables, read only).
 */
export async function currencyInUse(db: Db, code: string): Promise<boolean> {
  const uses = [
    () => db.selectFrom('carts').select('id').where('site_code', '=', code).limit(1).executeTakeFirst(),
    () => db.selectFrom('orders').select('id').where('site_code', '=', code).limit(1).executeTakeFirst(),
    () =>
      db
        .selectFrom('shipping_methods')
        .innerJoin('shipping_zones', 'shipping_zones.id', 'shipping_methods.zone_id')
        .select('shipping_methods.id')
        .where('shipping_zones.site_code', '=', code)
        .limit(1)
        .executeTakeFirst(),
    () => db.selectFrom('item_fees').select('id').where('site_code', '=', code).limit(1).executeTakeFirst(),
  ]
  // one after the other: a transaction's queries share one connection
  for (const use of uses) if (await use()) return true
  return false
}
