import { z } from 'zod'
import { CustomerAddressSchema } from './address.ts'
import { PagingQuerySchema } from './common.ts'
import { endpoint, errors, noContent } from './endpoint.ts'
import { ORDERS_STAFF_TAG } from './staff.ts'

/**
 * The shop's customers in the back office (docs/decisions/0068-staff-customers.md): search, one customer with
 * addresses, orders and totals, block and unblock, a password reset mail, erasure on request. Owner and order
 * staff (customer service); erasure is the owner's.
 */
const tags = ['owner', ORDERS_STAFF_TAG] as const

export const StaffCustomerQuerySchema = PagingQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
  /** The start of an e-mail address, a first or a last name. */
  q: z.string().trim().min(1).max(100).optional(),
})
export type StaffCustomerQuery = z.infer<typeof StaffCustomerQuerySchema>

export const StaffCustomerRowSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    email: z.string(),
    name: z.string(),
    created: z.string(),
    blocked: z.boolean(),
    /** A staff role, or `customer`. */
    role: z.string(),
  })
  .meta({ id: 'StaffCustomerRow' })

export const StaffCustomerSchema = StaffCustomerRowSchema.extend({
  emailVerified: z.boolean(),
  language: z.string().nullable(),
  blockedAt: z.string().nullable(),
  blockedBy: z.string().nullable(),
  addresses: z.array(CustomerAddressSchema),
  /** The newest orders (up to 50). */
  orders: z.array(
    z.object({
      id: z.string(),
      created: z.string(),
      status: z.string(),
      total: z.number(),
      currency: z.string(),
    }),
  ),
  /** Per currency: how many orders and their sum, less refunds. */
  totals: z.array(z.object({ currency: z.string(), orders: z.number().int(), total: z.number() })),
}).meta({ id: 'StaffCustomer' })
export type StaffCustomer = z.infer<typeof StaffCustomerSchema>

const CustomerParamsSchema = z.object({ customerId: z.string().max(64) })

export const backofficeCustomersApi = {
  customers: endpoint({
    method: 'GET',
    path: '/api/owner/customers',
    tags,
    security: 'bearer',
    query: StaffCustomerQuerySchema,
    responses: { 200: z.array(StaffCustomerRowSchema), ...errors(400, 401, 403) },
    paged: true,
  }),
  customer: endpoint({
    method: 'GET',
    path: '/api/owner/customers/:customerId',
    tags,
    security: 'bearer',
    params: CustomerParamsSchema,
    responses: { 200: StaffCustomerSchema, ...errors(400, 401, 403, 404) },
  }),
  /** Blocked: every session signed out, no sign-in by any means until unblocked. */
  blockCustomer: endpoint({
    method: 'PUT',
    path: '/api/owner/customers/:customerId/blocked',
    tags,
    security: 'bearer',
    params: CustomerParamsSchema,
    body: z.object({ blocked: z.boolean() }),
    responses: { 200: StaffCustomerSchema, ...errors(400, 401, 403, 404, 409) },
  }),
  /** Mails the customer a password reset link, as "forgot password" does. */
  sendPasswordReset: endpoint({
    method: 'POST',
    path: '/api/owner/customers/:customerId/password-reset',
    tags,
    security: 'bearer',
    params: CustomerParamsSchema,
    responses: { 204: noContent('Mail queued'), ...errors(400, 401, 403, 404) },
  }),
  /** Erasure at the customer's request: the same as their own deletion; orders keep their copies. */
  eraseCustomer: endpoint({
    method: 'DELETE',
    path: '/api/owner/customers/:customerId',
    tags: ['owner'],
    security: 'bearer',
    params: CustomerParamsSchema,
    responses: { 204: noContent('Erased'), ...errors(400, 401, 403, 404, 409) },
  }),
}
