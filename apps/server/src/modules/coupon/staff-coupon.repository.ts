import type { Db } from '../../platform/db/database.ts'
import { type CouponRow, couponDb } from './coupon.repository.ts'

/** The owner's reads and writes of coupons (docs/decisions/0065-staff-coupons.md). */

export const findRows = (db: Db): Promise<CouponRow[]> =>
  db.selectFrom('coupons').selectAll().orderBy('code').execute()

export const findRow = (db: Db, code: string): Promise<CouponRow | undefined> =>
  db.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirst()

/** Per code: how many customers it is restricted to, and how many customers redeemed it. */
export async function countsOf(db: Db, codes?: string[]) {
  if (codes?.length === 0)
    return { restricted: new Map<string, number>(), redeemed: new Map<string, number>() }
  let listed = couponDb(db)
    .selectFrom('coupon_customers')
    .select(['code', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy('code')
  let redeemed = couponDb(db)
    .selectFrom('coupon_redemptions')
    .select(['code', (eb) => eb.fn.count<number | string>('customer_id').distinct().as('n')])
    .groupBy('code')
  if (codes) {
    listed = listed.where('code', 'in', codes)
    redeemed = redeemed.where('code', 'in', codes)
  }
  const [a, b] = await Promise.all([listed.execute(), redeemed.execute()])
  return {
    restricted: new Map(a.map((r) => [r.code, Number(r.n)])),
    redeemed: new Map(b.map((r) => [r.code, Number(r.n)])),
  }
}

export async function customerIdsOf(db: Db, code: string): Promise<string[]> {
  const rows = await couponDb(db)
    .selectFrom('coupon_customers')
    .select('customer_id')
    .where('code', '=', code)
    .orderBy('customer_id')
    .execute()
  return rows.map((r) => r.customer_id)
}

/** The columns the owner sets; the older single-currency columns are cleared on every write. */
export interface CouponSettingsRow {
  name: string
  discount_type: 'PERCENT' | 'ABSOLUTE'
  percentage: number | null
  amounts: string
  min_orders: string
  valid_from: string | null
  valid_until: string | null
  max_redemptions: number | null
  per_customer: number | null
  customers_only: number
}
const legacyCleared = { amount_minor: null, currency: null, min_order_minor: null }

/** Inserts the coupon unless its code is taken (false then). */
export async function insertCoupon(db: Db, code: string, row: CouponSettingsRow): Promise<boolean> {
  const result = await db
    .insertInto('coupons')
    .values({ code, ...row, ...legacyCleared })
    .onConflict((oc) => oc.column('code').doNothing())
    .returning('code')
    .executeTakeFirst()
  return result !== undefined
}

export async function updateCoupon(db: Db, code: string, row: CouponSettingsRow): Promise<void> {
  await db
    .updateTable('coupons')
    .set({ ...row, ...legacyCleared })
    .where('code', '=', code)
    .execute()
}

/** Deletes the coupon; its redemptions, customer list and the carts' hold on it go with it (on delete cascade). */
export async function deleteCoupon(db: Db, code: string): Promise<void> {
  await couponDb(db).deleteFrom('coupon_redemptions').where('code', '=', code).execute()
  await couponDb(db).deleteFrom('coupon_customers').where('code', '=', code).execute()
  await db.deleteFrom('coupons').where('code', '=', code).execute()
}

export async function replaceCustomers(db: Db, code: string, customerIds: string[]): Promise<void> {
  await couponDb(db).deleteFrom('coupon_customers').where('code', '=', code).execute()
  if (customerIds.length === 0) return
  await couponDb(db)
    .insertInto('coupon_customers')
    .values(customerIds.map((customer_id) => ({ code, customer_id })))
    .execute()
}
