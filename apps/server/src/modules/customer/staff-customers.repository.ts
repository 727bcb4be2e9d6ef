import { sql } from 'kysely'
import { identityDb } from '../../platform/auth/schema.ts'
import type { Db } from '../../platform/db/database.ts'
import { escapeLike } from '../../platform/db/like.ts'

/** The SQL of the staff's customer pages (docs/decisions/0068-staff-customers.md). */
const columns = [
  'id',
  'customer_number',
  'email',
  'email_verified',
  'first_name',
  'last_name',
  'preferred_language',
  'created_at',
  'blocked_at',
  'blocked_by',
  'role',
] as const

type WithRole = { customers: { role: string } }

/**
 * Customers newest first, a page at a time, filtered by `q`: the start of an e-mail address, or of a first or
 * last name, case-insensitive (deleted accounts are left out).
 */
export function findCustomers(db: Db, q: string | undefined, offset: number, limit: number) {
  return filtered(db, q)
    .select(columns)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute()
}

export async function countCustomers(db: Db, q: string | undefined) {
  const row = await filtered(db, q)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

function filtered(db: Db, q: string | undefined) {
  const base = identityDb(db).withTables<WithRole>().selectFrom('customers').where('deleted_at', 'is', null)
  if (!q) return base
  const prefix = `${escapeLike(q.toLowerCase())}%`
  return base.where(
    sql<boolean>`(email like ${prefix} escape '\\' or lower(first_name) like ${prefix} escape '\\' or lower(last_name) like ${prefix} escape '\\')`,
  )
}

export function findStaffCustomer(db: Db, id: string) {
  return identityDb(db)
    .withTables<WithRole>()
    .selectFrom('customers')
    .select(columns)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
}

export async function setBlocked(db: Db, id: string, by: string | null) {
  const now = new Date().toISOString()
  const result = await identityDb(db)
    .updateTable('customers')
    .set(
      by
        ? { blocked_at: now, blocked_by: by, updated_at: now }
        : { blocked_at: null, blocked_by: null, updated_at: now },
    )
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function isBlocked(db: Db, id: string) {
  const row = await identityDb(db)
    .selectFrom('customers')
    .select('blocked_at')
    .where('id', '=', id)
    .executeTakeFirst()
  return Boolean(row?.blocked_at)
}
