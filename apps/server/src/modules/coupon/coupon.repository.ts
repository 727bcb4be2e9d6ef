import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import type { Db } from '../../platform/db/database.ts'
import type { CouponsTable } from '../../platform/db/schema.ts'
import type { CouponTerms, CustomerStanding } from './coupon.rules.ts'

/** The tables of migration 0030, known to this module only. */
export type CouponTables = {
  coupon_redemptions: {
    id: string
    code: string
    customer_id: string | null
    attempt_id: string
    at: string
  }
  coupon_customers: { code: string; customer_id: string }
}
export const couponDb = (db: Db) => db.withTables<CouponTables>()

export type CouponRow = Omit<CouponsTable, 'redemptions' | 'customers_only'> & {
  redemptions: number
  customers_only: number
}

export async function findCoupon(
  db: Db,
  code: string,
  customerId: string | null = null,
): Promise<CouponTerms | null> {
  return (await findCoupons(db, [code], customerId))[0] ?? null
}

/** The coupons of these codes, each with the standing of `customerId` (when given). */
export async function findCoupons(
  db: Db,
  codes: string[],
  customerId: string | null = null,
): Promise<CouponTerms[]> {
  if (codes.length === 0) return []
  const rows = await db.selectFrom('coupons').selectAll().where('code', 'in', codes).execute()
  if (rows.length === 0) return []
  const found = rows.map((r) => r.code)
  const [restricted, listed, used] = await Promise.all([
    couponDb(db)
      .selectFrom('coupon_customers')
      .select('code')
      .distinct()
      .where('code', 'in', found)
      .execute(),
    customerId === null
      ? []
      : couponDb(db)
          .selectFrom('coupon_customers')
          .select('code')
          .where('code', 'in', found)
          .where('customer_id', '=', customerId)
          .execute(),
    customerId === null
      ? []
      : couponDb(db)
          .selectFrom('coupon_redemptions')
          .select(['code', (eb) => eb.fn.countAll<number | string>().as('n')])
          .where('code', 'in', found)
          .where('customer_id', '=', customerId)
          .groupBy('code')
          .execute(),
  ])
  const restrictedCodes = new Set(restricted.map((r) => r.code))
  const listedCodes = new Set(listed.map((r) => r.code))
  const usedBy = new Map(used.map((r) => [r.code, Number(r.n)]))
  return rows.map((row) =>
    toTerms(
      row,
      restrictedCodes.has(row.code),
      customerId === null
        ? null
        : {
            customerId,
            redemptions: usedBy.get(row.code) ?? 0,
            listed: listedCodes.has(row.code),
          },
    ),
  )
}

/**
 * Counts one redemption of an order's coupon in its transaction: unless the coupon is used up (false
 * `'used_up'`, a concurrent order took the last one) or the customer has had their share. The coupon row's
 * update comes first: on PostgreSQL it locks the row, so concurrent redemptions of one coupon queue and each
 * counts the customer's redemptions committed before it (SQLite runs one writer at a time anyway).
 */
export async function redeem(
  db: Db,
  redemption: { code: string; customerId: string | null; attemptId: string },
  withinLimit: (perCustomer: number | null, used: number) => boolean,
): Promise<'ok' | 'used_up' | 'customer_limit'> {
  const row = await db
    .updateTable('coupons')
    .set({ redemptions: sql<number>`redemptions + 1` })
    .where('code', '=', redemption.code)
    .where((eb) =>
      eb.or([eb('max_redemptions', 'is', null), eb('redemptions', '<', eb.ref('max_redemptions'))]),
    )
    .returning('per_customer')
    .executeTakeFirst()
  if (!row) return 'used_up'
  const perCustomer = row.per_customer ?? null
  if (perCustomer !== null) {
    if (redemption.customerId === null) return 'customer_limit'
    const used = await couponDb(db)
      .selectFrom('coupon_redemptions')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('code', '=', redemption.code)
      .where('customer_id', '=', redemption.customerId)
      .executeTakeFirstOrThrow()
    if (!withinLimit(perCustomer, Number(used.n))) return 'customer_limit'
  }
  await couponDb(db)
    .insertInto('coupon_redemptions')
    .values({
      id: randomUUID(),
      code: redemption.code,
      customer_id: redemption.customerId,
      attempt_id: redemption.attemptId,
      at: new Date().toISOString(),
    })
    .execute()
  return 'ok'
}

/** Takes back one redemption (a checkout that counted it made no order). */
export async function unredeem(db: Db, code: string, attemptId: string): Promise<void> {
  await couponDb(db)
    .deleteFrom('coupon_redemptions')
    .where('attempt_id', '=', attemptId)
    .where('code', '=', code)
    .execute()
  await db
    .updateTable('coupons')
    .set({ redemptions: sql<number>`redemptions - 1` })
    .where('code', '=', code)
    .where('redemptions', '>', 0)
    .execute()
}

const parseMinor = (json: string | null | undefined): Record<string, number> | null =>
  json ? (JSON.parse(json) as Record<string, number>) : null

/** An ABSOLUTE coupon's amounts: the JSON column, or an older row's one amount in its one currency. */
export function amountsOf(row: Pick<CouponRow, 'amounts' | 'amount_minor' | 'currency'>) {
  return (
    parseMinor(row.amounts) ??
    (row.amount_minor !== null && row.currency ? { [row.currency]: row.amount_minor } : {})
  )
}

export const minOrdersOf = (row: Pick<CouponRow, 'min_orders'>) => parseMinor(row.min_orders) ?? {}

export function toTerms(row: CouponRow, restricted: boolean, customer: CustomerStanding | null): CouponTerms {
  return {
    code: row.code,
    name: row.name,
    discountType: row.discount_type === 'ABSOLUTE' ? 'ABSOLUTE' : 'PERCENT',
    amounts: row.discount_type === 'ABSOLUTE' ? amountsOf(row) : {},
    percentage: row.percentage,
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    minOrders: minOrdersOf(row),
    minOrderAnyMinor: row.min_order_minor,
    maxRedemptions: row.max_redemptions,
    redemptions: row.redemptions,
    perCustomer: row.per_customer ?? null,
    customersOnly: row.customers_only === 1,
    restricted,
    customer,
  }
}
