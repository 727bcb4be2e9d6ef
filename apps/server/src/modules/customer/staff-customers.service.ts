import type { StaffCustomerQuery } from '@shop/contracts/backoffice-customers'
import { revokeCustomerTokens } from '../../platform/auth/tokens.ts'
import type { Db } from '../../platform/db/database.ts'
import * as repo from './staff-customers.repository.ts'

/** The customer data of the staff's customer pages (docs/decisions/0068-staff-customers.md). */
export type StaffCustomerRow = NonNullable<Awaited<ReturnType<typeof repo.findStaffCustomer>>>

export async function customerPage(db: Db, query: StaffCustomerQuery) {
  const offset = (query.pageNumber - 1) * query.pageSize
  const [rows, total] = await Promise.all([
    repo.findCustomers(db, query.q, offset, query.pageSize),
    repo.countCustomers(db, query.q),
  ])
  return { rows, total }
}

export const findStaffCustomer = repo.findStaffCustomer
export const isBlocked = repo.isBlocked

/** Blocks (signing out every session) or unblocks an account; false when there is no such customer. */
export async function setBlocked(db: Db, customerId: string, by: string | null): Promise<boolean> {
  if (!(await repo.setBlocked(db, customerId, by))) return false
  if (by) await revokeCustomerTokens(db, customerId)
  return true
}
