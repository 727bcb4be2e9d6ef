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

/** Many entries, a few hundred per INSERT. */
export async function insertAudits(db: Db, rows: readonly AuditRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 300)
    await auditDb(db)
      .insertInto('audit_log')
      .values(rows.slice(i, i + 300))
      .execute()
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
