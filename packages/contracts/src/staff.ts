import { z } from 'zod'
import { endpoint, errors } from './endpoint.ts'

/**
 * Staff roles (docs/decisions/0042-staff-roles.md): `owner` may call every `/api/owner/*` route; `catalogue`
 * only the routes tagged CATALOGUE_STAFF_TAG, `orders` only those tagged ORDERS_STAFF_TAG. Every other customer
 * is a shopper (role `customer`).
 */
export const STAFF_ROLES = ['owner', 'catalogue', 'orders'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

/** The OpenAPI tag of the back-office routes the catalogue staff may call (the owner may call them too). */
export const CATALOGUE_STAFF_TAG = 'catalogue-staff'

/** The OpenAPI tag of the back-office routes the order staff may call (the owner may call them too). */
export const ORDERS_STAFF_TAG = 'orders-staff'

/** The prefix of every back-office route; the server checks the caller's staff role on each of them. */
export const STAFF_PATH_PREFIX = '/api/owner/'

/** The staff roles that may call a back-office route with these tags (pure: the server and tests use it). */
export function rolesFor(tags: readonly string[]): readonly StaffRole[] {
  return STAFF_ROLES.filter(
    (role) =>
      role === 'owner' ||
      (role === 'catalogue' && tags.includes(CATALOGUE_STAFF_TAG)) ||
      (role === 'orders' && tags.includes(ORDERS_STAFF_TAG)),
  )
}

export const StaffMeSchema = z
  .object({ customerId: z.string(), email: z.string(), role: z.enum(STAFF_ROLES) })
  .meta({ id: 'StaffMe' })
export type StaffMe = z.infer<typeof StaffMeSchema>

export const staffApi = {
  /** Who the signed-in staff member is: the back office asks it after sign-in; shoppers get 403. */
  me: endpoint({
    method: 'GET',
    path: '/api/owner/me',
    tags: ['owner', CATALOGUE_STAFF_TAG, ORDERS_STAFF_TAG],
    security: 'bearer',
    responses: { 200: StaffMeSchema, ...errors(401, 403) },
  }),
}
