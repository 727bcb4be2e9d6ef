import { sql } from 'kysely'
import type { Db } from '../../platform/db/database.ts'

/** The SQL of the staff page and its invitations (migration 0031, docs/decisions/0066-staff-invitations.md). */
export interface InvitationRow {
  id: string
  email: string
  role: string
  token_hash: string
  invited_by: string
  created_at: string
  expires_at: string
  accepted_at: string | null
  withdrawn_at: string | null
}

type Tables = {
  staff_invitations: InvitationRow
  customers: {
    id: string
    email: string
    role: string
    first_name: string | null
    last_name: string | null
    deleted_at: string | null
  }
}
const staffDb = (db: Db) => db.withTables<Tables>()

export function findStaffMembers(db: Db) {
  return staffDb(db)
    .selectFrom('customers')
    .select(['id', 'email', 'role', 'first_name', 'last_name'])
    .where('role', '<>', 'customer')
    .where('deleted_at', 'is', null)
    .orderBy('email')
    .execute()
}

export function findOpenInvitations(db: Db, now: string) {
  return staffDb(db)
    .selectFrom('staff_invitations')
    .selectAll()
    .where('accepted_at', 'is', null)
    .where('withdrawn_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at')
    .execute()
}

export function findOpenInvitation(db: Db, tokenHash: string, now: string) {
  return staffDb(db)
    .selectFrom('staff_invitations')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('accepted_at', 'is', null)
    .where('withdrawn_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst()
}

/** Withdraws the open invitations of an address (a new one replaces them), or one by id; the count withdrawn. */
export async function withdrawInvitations(db: Db, where: { email: string } | { id: string }, now: string) {
  const result = await staffDb(db)
    .updateTable('staff_invitations')
    .set({ withdrawn_at: now })
    .$if('email' in where, (q) => q.where('email', '=', (where as { email: string }).email))
    .$if('id' in where, (q) => q.where('id', '=', (where as { id: string }).id))
    .where('accepted_at', 'is', null)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

export async function insertInvitation(db: Db, row: InvitationRow) {
  await staffDb(db).insertInto('staff_invitations').values(row).execute()
}

/** Marks an open invitation accepted: one guarded UPDATE, so a link works once. */
export async function acceptInvitation(db: Db, id: string, now: string) {
  const result = await staffDb(db)
    .updateTable('staff_invitations')
    .set({ accepted_at: now })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('withdrawn_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * Locks every owner's row for the transaction (a no-op write), so two demotions of two owners cannot both see
 * the other still an owner; answers how many owners there are.
 */
export async function lockOwners(db: Db): Promise<number> {
  const result = await staffDb(db)
    .updateTable('customers')
    .set({ role: sql<string>`role` })
    .where('role', '=', 'owner')
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

export async function setRoleById(db: Db, customerId: string, role: string) {
  const result = await staffDb(db)
    .updateTable('customers')
    .set({ role })
    .where('id', '=', customerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export function findRoleOf(db: Db, customerId: string) {
  return staffDb(db)
    .selectFrom('customers')
    .select(['id', 'email', 'role'])
    .where('id', '=', customerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
}
