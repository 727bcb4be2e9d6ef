import { sql } from 'kysely'
import type { Db } from '../../platform/db/database.ts'
import type { CouponsTable } from '../../platform/db/schema.ts'
import type { CouponTerms } from './coupon.rules.ts'

export async function findCoupon(db: Db, code: string): Promise<CouponTerms | null> {
  const row = await db.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirst()
  return row ? toTerms(row) : null
}

export async function findCoupons(db: Db, codes: string[]): Promise<CouponTerms[]> {
  if (codes.length === 0) return []
  const rows = await db.selectFrom('coupons').selectAll().where('code', 'in', codes).execute()
  return rows.map(toTerms)
}

/** Counts one redemption unless the coupon is used up; false when a concurrent order took the last one. */
export async function redeem(db: Db, code: string): Promise<boolean> {
  const result = await db
    .updateTable('coupons')
    .set({ redemptions: sql<number>`redemptions + 1` })
    .where('code', '=', code)
    .where((eb) =>
      eb.or([eb('max_redemptions', 'is', null), eb('redemptions', '<', eb.ref('max_redemptions'))]),
    )
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Takes back one redemption (a checkout that counted it made no order). */
export async function unredeem(db: Db, code: string): Promise<void> {
  await db
    .updateTable('coupons')
    .set({ redemptions: sql<number>`redemptions - 1` })
    .where('code', '=', code)
    .where('redemptions', '>', 0)
    .execute()
}

function toTerms(
  row: Omit<CouponsTable, 'redemptions' | 'customers_only'> & { redemptions: number; customers_only: number },
): CouponTerms {
  return {
    code: row.code,
    name: row.name,
    discountType: row.discount_type === 'ABSOLUTE' ? 'ABSOLUTE' : 'PERCENT',
    amountMinor: row.amount_minor,
    currency: row.currency,
    percentage: row.percentage,
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    minOrderMinor: row.min_order_minor,
    maxRedemptions: row.max_redemptions,
    redemptions: row.redemptions,
    customersOnly: row.customers_only === 1,
  }
}
