import type { FastifyRequest } from 'fastify'
import { authenticateCustomer } from '../../platform/auth/guard.ts'
import type { Principal } from '../../platform/auth/tokens.ts'
import type { Db } from '../../platform/db/database.ts'
import { forbidden } from '../../platform/http/errors.ts'

export type Role = 'customer' | 'owner'

/** The role column of migration 0009-owner-role. */
type RoleTables = { customers: { id: string; email: string; role: string; deleted_at: string | null } }

/** The signed-in customer if they are the shop owner: anonymous callers get 401, other customers 403. */
export async function authenticateOwner(
  db: Db,
  request: FastifyRequest,
): Promise<Principal & { customerId: string }> {
  const principal = await authenticateCustomer(db, request)
  const row = await db
    .withTables<RoleTables>()
    .selectFrom('customers')
    .select('role')
    .where('id', '=', principal.customerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  if (row?.role !== 'owner') throw forbidden()
  return principal
}

/** Grants or withdraws the owner role by e-mail address (scripts/owner.ts); false when no such customer. */
export async function setRole(db: Db, email: string, role: Role): Promise<boolean> {
  const result = await db
    .withTables<RoleTables>()
    .updateTable('customers')
    .set({ role })
    .where('email', '=', email.trim().toLowerCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
