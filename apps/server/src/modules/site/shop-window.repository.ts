import type { Db } from '../../platform/db/database.ts'

/** The site's languages and stored mixins (active or not: the owner prepares a site before opening it). */
export function findSiteMixins(db: Db, code: string) {
  return db
    .selectFrom('sites')
    .select(['code', 'languages', 'mixins'])
    .where('code', '=', code)
    .executeTakeFirst()
}

export function allSiteMixins(db: Db) {
  return db.selectFrom('sites').select(['mixins']).execute()
}

export async function writeSiteMixins(db: Db, code: string, mixins: string): Promise<void> {
  await db.updateTable('sites').set({ mixins }).where('code', '=', code).execute()
}
