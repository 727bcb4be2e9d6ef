import type { Db } from '../../platform/db/database.ts'

export interface ImportRecord {
  id: string
  created_at: string
  actor_id: string
  actor_email: string
  status: string
  file: string
  total_rows: number
  done_rows: number
  valid_only: number
  preview: string
  outcome: string | null
  error: string | null
  updated_at: string
}

const importDb = (db: Db) => db.withTables<{ catalogue_imports: ImportRecord }>()

export async function insertImport(db: Db, row: ImportRecord): Promise<void> {
  await importDb(db).insertInto('catalogue_imports').values(row).execute()
}

export async function findImport(db: Db, id: string): Promise<ImportRecord | undefined> {
  return importDb(db).selectFrom('catalogue_imports').selectAll().where('id', '=', id).executeTakeFirst()
}

/** An import as the back office shows it: every column but the uploaded file (a poll reads no megabytes). */
export type ImportSummary = Omit<ImportRecord, 'file'>

export async function findImportSummary(db: Db, id: string): Promise<ImportSummary | undefined> {
  return importDb(db)
    .selectFrom('catalogue_imports')
    .select([
      'id',
      'created_at',
      'actor_id',
      'actor_email',
      'status',
      'total_rows',
      'done_rows',
      'valid_only',
      'preview',
      'outcome',
      'error',
      'updated_at',
    ])
    .where('id', '=', id)
    .executeTakeFirst()
}

export async function findImportIdsByStatus(db: Db, status: string): Promise<string[]> {
  const rows = await importDb(db)
    .selectFrom('catalogue_imports')
    .select('id')
    .where('status', '=', status)
    .orderBy('created_at')
    .execute()
  return rows.map((r) => r.id)
}

/** Moves an import from one status to another (false when it was no longer in `from`). */
export async function setImportStatus(
  db: Db,
  id: string,
  from: string,
  to: Partial<Pick<ImportRecord, 'status' | 'valid_only' | 'outcome' | 'error'>>,
): Promise<boolean> {
  const result = await importDb(db)
    .updateTable('catalogue_imports')
    .set({ ...to, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * The checkpoint, in the transaction of the chunk it follows: guarded by the rows done before it, so a second
 * process resuming the same import at the same time writes no chunk twice (its transaction rolls back).
 */
export async function advanceImport(
  db: Db,
  id: string,
  doneBefore: number,
  doneAfter: number,
  outcome: string,
): Promise<boolean> {
  const result = await importDb(db)
    .updateTable('catalogue_imports')
    .set({ done_rows: doneAfter, outcome, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('done_rows', '=', doneBefore)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function deleteImport(db: Db, id: string): Promise<void> {
  await importDb(db).deleteFrom('catalogue_imports').where('id', '=', id).execute()
}
