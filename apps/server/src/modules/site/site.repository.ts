import type { Db } from '../../platform/db/database.ts'
import type { SiteRow } from '../../platform/db/schema.ts'

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
