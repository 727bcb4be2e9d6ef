import type { Insertable } from 'kysely'
import type { Db } from '../../platform/db/database.ts'
import type { SiteRow, SitesTable } from '../../platform/db/schema.ts'

export function listActiveSites(db: Db): Promise<SiteRow[]> {
  return db
    .selectFrom('sites')
    .selectAll()
    .where('active', '=', 1)
    .orderBy('position')
    .orderBy('code')
    .execute()
}

export async function findActiveSite(db: Db, code: string): Promise<SiteRow | undefined> {
  return db
    .selectFrom('sites')
    .selectAll()
    .where('code', '=', code)
    .where('active', '=', 1)
    .executeTakeFirst()
}

/** A site by code, active or not (a cart keeps its site). */
export function findSite(db: Db, code: string) {
  return db
    .selectFrom('sites')
    .select(['code', 'currency', 'tax', 'languages', 'default_language'])
    .where('code', '=', code)
    .executeTakeFirst()
}

export async function hasAnySite(db: Db): Promise<boolean> {
  return (await db.selectFrom('sites').select('code').limit(1).executeTakeFirst()) !== undefined
}

/** A site, unless one of that code exists (several processes may start an empty shop at once). */
export async function insertSiteIfAbsent(db: Db, row: Insertable<SitesTable>): Promise<void> {
  await db
    .insertInto('sites')
    .values(row)
    .onConflict((c) => c.column('code').doNothing())
    .execute()
}
