import type { StaffCouponSummary, StaffCouponValues } from '@shop/contracts/backoffice-coupons'
import type { Db } from '../../platform/db/database.ts'
import { conflict, notFound } from '../../platform/http/errors.ts'
import { amountsOf, type CouponRow, minOrdersOf } from './coupon.repository.ts'
import * as repo from './staff-coupon.repository.ts'
import { statusOf } from './staff-coupon.rules.ts'

export { couponProblems, normalise, unknownCustomers } from './staff-coupon.rules.ts'

/**
 * The coupon module's write path for the owner (docs/decisions/0065-staff-coupons.md). Every write takes the
 * caller's transaction (the back office adds the audit entry to it). The carts check their coupons at every
 * calculation, so a change shows in the storefront at the next one; no cache holds coupons.
 */

/** A coupon as the owner edits it, the restricted customers as ids (the back office shows their e-mails). */
export type StaffCouponRecord = StaffCouponSummary & { customerIds: string[] }

/** The settings as written: the restricted customers by id. */
export type CouponWrite = Omit<StaffCouponValues, 'customers'> & { customerIds: string[] }

/**
 * A row as the owner sees it. An older coupon's minimum (any currency) shows in each of `currencies` that has
 * none of its own, so saving it keeps it for the shop's sites.
 */
function summaryOf(
  row: CouponRow,
  counts: Awaited<ReturnType<typeof repo.countsOf>>,
  currencies: readonly string[],
  now: string,
): StaffCouponSummary {
  const legacyMin = row.min_order_minor
  const minOrders = {
    ...(legacyMin === null ? {} : Object.fromEntries(currencies.map((c) => [c, legacyMin]))),
    ...minOrdersOf(row),
  }
  const view = {
    code: row.code,
    name: row.name,
    discountType: row.discount_type === 'ABSOLUTE' ? ('ABSOLUTE' as const) : ('PERCENT' as const),
    percentage: row.discount_type === 'ABSOLUTE' ? null : row.percentage,
    amounts: row.discount_type === 'ABSOLUTE' ? amountsOf(row) : {},
    minOrders,
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    maxRedemptions: row.max_redemptions,
    perCustomer: row.per_customer ?? null,
    customersOnly: row.customers_only === 1,
    restrictedTo: counts.restricted.get(row.code) ?? 0,
    redemptions: row.redemptions,
    customersRedeemed: counts.redeemed.get(row.code) ?? 0,
  }
  return { ...view, status: statusOf(view, now) }
}

export async function listStaffCoupons(
  db: Db,
  currencies: readonly string[],
  now = new Date().toISOString(),
): Promise<StaffCouponSummary[]> {
  const [rows, counts] = await Promise.all([repo.findRows(db), repo.countsOf(db)])
  return rows.map((row) => summaryOf(row, counts, currencies, now))
}

export async function readStaffCoupon(
  db: Db,
  code: string,
  currencies: readonly string[],
  now = new Date().toISOString(),
): Promise<StaffCouponRecord> {
  const row = await repo.findRow(db, code)
  if (!row) throw notFound('Coupon', code)
  const [counts, customerIds] = await Promise.all([repo.countsOf(db, [code]), repo.customerIdsOf(db, code)])
  return { ...summaryOf(row, counts, currencies, now), customerIds }
}

function settingsRow(write: CouponWrite): repo.CouponSettingsRow {
  return {
    name: write.name,
    discount_type: write.discountType,
    percentage: write.percentage,
    amounts: JSON.stringify(write.amounts),
    min_orders: JSON.stringify(write.minOrders),
    valid_from: write.validFrom,
    valid_until: write.validUntil,
    max_redemptions: write.maxRedemptions,
    per_customer: write.perCustomer,
    customers_only: write.customersOnly ? 1 : 0,
  }
}

/** A new coupon; 409 coupon_exists when its code is taken. */
export async function createStaffCoupon(
  db: Db,
  code: string,
  write: CouponWrite,
  currencies: readonly string[],
): Promise<StaffCouponRecord> {
  if (!(await repo.insertCoupon(db, code, settingsRow(write)))) {
    throw conflict('coupon_exists', `A coupon ${code} exists`, [
      { field: 'body.code', type: 'coupon_exists', message: 'this code is taken' },
    ])
  }
  await repo.replaceCustomers(db, code, write.customerIds)
  return readStaffCoupon(db, code, currencies)
}

/** Replaces a coupon's settings (its code and redemptions stay); the coupon before and after. */
export async function updateStaffCoupon(
  db: Db,
  code: string,
  write: CouponWrite,
  currencies: readonly string[],
): Promise<{ before: StaffCouponRecord; after: StaffCouponRecord }> {
  const before = await readStaffCoupon(db, code, currencies)
  await repo.updateCoupon(db, code, settingsRow(write))
  await repo.replaceCustomers(db, code, write.customerIds)
  return { before, after: await readStaffCoupon(db, code, currencies) }
}

/** Deletes a coupon; orders keep what they copied of it (code, name, amount), carts lose it. */
export async function deleteStaffCoupon(
  db: Db,
  code: string,
  currencies: readonly string[],
): Promise<{ before: StaffCouponRecord }> {
  const before = await readStaffCoupon(db, code, currencies)
  await repo.deleteCoupon(db, code)
  return { before }
}
