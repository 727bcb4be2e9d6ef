import { sql } from 'kysely'
import { bulkRows } from '../../platform/db/bulk-rows.ts'
import type { Db } from '../../platform/db/database.ts'

export interface AuditRow {
  id: string
  at: string
  actor_id: string
  actor_email: string
  entity: string
  entity_id: string
  action: string
  before: string | null
  after: string | null
}

const auditDb = (db: Db) => db.withTables<{ audit_log: AuditRow }>()

export async function insertAudit(db: Db, row: AuditRow): Promise<void> {
  await auditDb(db).insertInto('audit_log').values(row).execute()
}

const columns = [
  'id',
  'at',
  'actor_id',
  'actor_email',
  'entity',
  'entity_id',
  'action',
  'before',
  'after',
] as const

/** Many entries, a thousand per INSERT (one JSON or array parameter per column, not one per value). */
export async function insertAudits(db: Db, rows: readonly AuditRow[]): Promise<void> {
  const text = columns.map((name) => ({ name, type: 'text' as const }))
  for (let i = 0; i < rows.length; i += 1000) {
    const batch = rows.slice(i, i + 1000).map((row) => columns.map((c) => row[c]))
    await sql`insert into audit_log (${sql.join(columns.map((c) => sql.ref(c)))}) ${bulkRows(db, text, batch)}`.execute(
      db,
    )
  }
}

export interface AuditFilter {
  entity?: string | undefined
  entityId?: string | undefined
}

const filtered = (db: Db, filter: AuditFilter) =>
  auditDb(db)
    .selectFrom('audit_log')
    .$if(filter.entity !== undefined, (q) => q.where('entity', '=', filter.entity as string))
    .$if(filter.entityId !== undefined, (q) => q.where('entity_id', '=', filter.entityId as string))

export function findAudit(db: Db, filter: AuditFilter, page: { offset: number; limit: number }) {
  return filtered(db, filter)
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
}

export async function countAudit(db: Db, filter: AuditFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
