import { rolesFor, STAFF_PATH_PREFIX, STAFF_ROLES, type StaffRole } from '@shop/contracts/staff'
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify'
import type { Db } from '../db/database.ts'
import { forbidden } from '../http/errors.ts'
import { authenticateCustomer } from './guard.ts'

/** A signed-in member of staff: who, and in which role. */
export interface StaffPrincipal {
  sessionId: string
  customerId: string
  email: string
  role: StaffRole
}

/** The role column of migration 0009-owner-role (the customer module writes it). */
type RoleTables = {
  customers: { id: string; email: string; role: string; deleted_at: string | null }
}

const checked = new WeakMap<FastifyRequest, StaffPrincipal>()

const isStaffRole = (role: string | undefined): role is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(role ?? '')

/** The caller as staff: 401 without a signed-in customer, 403 unless their role is one of `roles`. */
export async function authenticateStaff(
  db: Db,
  request: FastifyRequest,
  roles: readonly StaffRole[],
): Promise<StaffPrincipal> {
  const principal = await authenticateCustomer(db, request)
  const row = await db
    .withTables<RoleTables>()
    .selectFrom('customers')
    .select(['role', 'email'])
    .where('id', '=', principal.customerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  if (!row || !isStaffRole(row.role)) throw forbidden()
  if (!roles.includes(row.role)) throw forbidden('Your staff role may not do this')
  return { ...principal, email: row.email, role: row.role }
}

/**
 * Guards every back-office route (`/api/owner/*`) before its request is even parsed: the roles a route admits
 * come from its contract's tags (`rolesFor`), so a route added later is guarded the day it is added
 * (docs/decisions/0042-staff-roles.md). Call before any route is registered.
 */
export function guardStaffRoutes(app: FastifyInstance, db: Db): void {
  app.addHook('onRoute', (options) => {
    if (!options.url.startsWith(STAFF_PATH_PREFIX)) return
    const tags = ((options.schema as { tags?: string[] } | undefined)?.tags ?? []) as string[]
    const roles = rolesFor(tags)
    const guard: onRequestHookHandler = async (request) => {
      checked.set(request, await authenticateStaff(db, request, roles))
    }
    const existing = options.onRequest
    options.onRequest = existing ? [guard, ...(Array.isArray(existing) ? existing : [existing])] : [guard]
  })
}

/** The staff member the route's guard admitted (handlers of `/api/owner/*` routes only). */
export function staffOf(request: FastifyRequest): StaffPrincipal {
  const staff = checked.get(request)
  if (!staff) throw forbidden()
  return staff
}
