import type { StaffCustomer, StaffCustomerQuery } from '@shop/contracts/backoffice-customers'
import type { StaffPrincipal } from '../../platform/auth/staff.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { conflict, notFound } from '../../platform/http/errors.ts'
import { recordAudit } from '../audit/audit.service.ts'
import { listAddresses } from '../customer/address.service.ts'
import { eraseCustomer } from '../customer/customer.service.ts'
import * as staffCustomers from '../customer/staff-customers.service.ts'
import { customerOrderSummary } from '../order/figures.service.ts'
import { requestPasswordReset } from './password.service.ts'

/**
 * The staff's customer pages (docs/decisions/0068-staff-customers.md): identity lives in the customer module,
 * orders in the order module; this service joins them for customer service and writes the audit log.
 */
type Row = staffCustomers.StaffCustomerRow

const rowView = (r: Row) => ({
  id: r.id,
  number: r.customer_number,
  email: r.email,
  name: [r.first_name, r.last_name].filter(Boolean).join(' '),
  created: r.created_at,
  blocked: Boolean(r.blocked_at),
  role: r.role,
})

export async function staffCustomerList(ctx: AppContext, query: StaffCustomerQuery) {
  const { rows, total } = await staffCustomers.customerPage(ctx.db, query)
  return { items: rows.map(rowView), total }
}

async function found(ctx: AppContext, customerId: string) {
  const row = await staffCustomers.findStaffCustomer(ctx.db, customerId)
  if (!row) throw notFound('Customer', customerId)
  return row
}

export async function staffCustomer(ctx: AppContext, customerId: string): Promise<StaffCustomer> {
  const row = await found(ctx, customerId)
  const [addresses, summary] = await Promise.all([
    listAddresses(ctx, customerId, { pageNumber: 1, pageSize: 100 }),
    customerOrderSummary(ctx, customerId),
  ])
  return {
    ...rowView(row),
    emailVerified: row.email_verified === 1,
    language: row.preferred_language,
    blockedAt: row.blocked_at ?? null,
    blockedBy: row.blocked_by ?? null,
    addresses: addresses.items,
    ...summary,
  }
}

/** Blocks or unblocks; staff accounts are refused (revoke their role on the staff page first). */
export async function blockCustomer(
  ctx: AppContext,
  staff: StaffPrincipal,
  customerId: string,
  blocked: boolean,
) {
  const row = await found(ctx, customerId)
  if (row.role !== 'customer')
    throw conflict('is_staff', 'This account is staff: revoke its role on the staff page first')
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await staffCustomers.setBlocked(trx, customerId, blocked ? staff.email : null)))
      throw notFound('Customer', customerId)
    await recordAudit(trx, staff, {
      entity: 'customer',
      entityId: customerId,
      action: 'update',
      before: { email: row.email, blocked: Boolean(row.blocked_at) },
      after: { email: row.email, blocked },
    })
  })
  return staffCustomer(ctx, customerId)
}

/** The reset mail of "forgot password", in the customer's stored language, with its rate limits. */
export async function sendPasswordReset(ctx: AppContext, staff: StaffPrincipal, customerId: string) {
  const row = await found(ctx, customerId)
  await requestPasswordReset(ctx, row.email, `staff:${staff.customerId}`)
  await recordAudit(ctx.db, staff, {
    entity: 'customer',
    entityId: customerId,
    action: 'update',
    before: null,
    after: { email: row.email, passwordResetMailed: true },
  })
}

/** Erasure at the customer's request, as their own deletion; staff accounts are refused. */
export async function eraseOnRequest(ctx: AppContext, staff: StaffPrincipal, customerId: string) {
  const row = await found(ctx, customerId)
  if (row.role !== 'customer')
    throw conflict('is_staff', 'This account is staff: revoke its role on the staff page first')
  await eraseCustomer(ctx, customerId)
  await recordAudit(ctx.db, staff, {
    entity: 'customer',
    entityId: customerId,
    action: 'delete',
    before: { number: row.customer_number },
    after: null,
  })
}
