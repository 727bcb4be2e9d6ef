import type { Db } from '../../platform/db/database.ts'

/** Row type of migration 0008's consent_references (a type alias, as Kysely's withTables wants). */
type ConsentTables = {
  consent_references: { id: string; purposes: string; created_at: string; expires_at: string }
}
export type ConsentReferenceRow = ConsentTables['consent_references']

const consentDb = (db: Db) => db.withTables<ConsentTables>()

export async function insertReference(db: Db, row: ConsentReferenceRow): Promise<void> {
  await consentDb(db).insertInto('consent_references').values(row).execute()
}

export async function findReference(db: Db, id: string): Promise<ConsentReferenceRow | undefined> {
  return consentDb(db).selectFrom('consent_references').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Deletes a reference; its tracking events go with it (foreign key, on delete cascade). */
export async function deleteReference(db: Db, id: string): Promise<boolean> {
  const result = await consentDb(db).deleteFrom('consent_references').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

export async function deleteExpired(db: Db, now: string): Promise<number> {
  const result = await consentDb(db)
    .deleteFrom('consent_references')
    .where('expires_at', '<=', now)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
