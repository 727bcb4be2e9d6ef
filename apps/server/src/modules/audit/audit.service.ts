import { randomUUID } from 'node:crypto'
import type { AuditEntry } from '@shop/contracts/audit'
import type { StaffPrincipal } from '../../platform/auth/staff.ts'
import type { Db } from '../../platform/db/database.ts'
import { type AuditFilter, countAudit, findAudit, insertAudit, insertAudits } from './audit.repository.ts'

export interface AuditRecord {
  entity: string
  entityId: string
  action: AuditEntry['action']
  before: unknown
  after: unknown
}

/** Records one back-office write, in the writer's transaction: it commits (or rolls back) with the change. */
export async function recordAudit(db: Db, staff: StaffPrincipal, record: AuditRecord): Promise<void> {
  await insertAudit(db, {
    id: randomUUID(),
    at: new Date().toISOString(),
    actor_id: staff.customerId,
    actor_email: staff.email,
    entity: record.entity,
    entity_id: record.entityId,
    action: record.action,
    before: record.before === null || record.before === undefined ? null : JSON.stringify(record.before),
    after: record.after === null || record.after === undefined ? null : JSON.stringify(record.after),
  })
}

/** A page of the log, newest first, and how many entries match. */
export async function listAudit(
  db: Db,
  filter: AuditFilter & { page: number; pageSize: number },
): Promise<{ items: AuditEntry[]; total: number }> {
  const range = { offset: (filter.page - 1) * filter.pageSize, limit: filter.pageSize }
  const [rows, total] = await Promise.all([findAudit(db, filter, range), countAudit(db, filter)])
  const items = rows.map((r) => ({
    id: r.id,
    at: r.at,
    actor: { id: r.actor_id, email: r.actor_email },
    entity: r.entity,
    entityId: r.entity_id,
    action: r.action as AuditEntry['action'],
    before: r.before === null ? null : (JSON.parse(r.before) as unknown),
    after: r.after === null ? null : (JSON.parse(r.after) as unknown),
  }))
  return { items, total }
}

/** Records many back-office writes at once (a CSV import's chunk), in the writer's transaction. */
export async function recordAudits(
  db: Db,
  staff: StaffPrincipal,
  records: readonly AuditRecord[],
): Promise<void> {
  const at = new Date().toISOString()
  const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value))
  await insertAudits(
    db,
    records.map((record) => ({
      id: randomUUID(),
      at,
      actor_id: staff.customerId,
      actor_email: staff.email,
      entity: record.entity,
      entity_id: record.entityId,
      action: record.action,
      before: json(record.before),
      after: json(record.after),
    })),
  )
}
