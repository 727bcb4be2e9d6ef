import { randomUUID } from 'node:crypto'
import type { Db } from '../../platform/db/database.ts'

/** Table of migration 0003, typed here so the shared schema file stays untouched. */
interface CartDiscountsTable {
  id: string
  cart_id: string
  coupon_code: string
  created_at: string
}
export const withDiscounts = (db: Db) => db.withTables<{ cart_discounts: CartDiscountsTable }>()

export function findDiscounts(db: Db, cartId: string) {
  return withDiscounts(db)
    .selectFrom('cart_discounts')
    .select(['id', 'coupon_code'])
    .where('cart_id', '=', cartId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

/** Adds the coupon once: a second add of the same code answers the existing discount id. */
export async function addDiscount(db: Db, cartId: string, code: string): Promise<string> {
  const existing = await withDiscounts(db)
    .selectFrom('cart_discounts')
    .select('id')
    .where('cart_id', '=', cartId)
    .where('coupon_code', '=', code)
    .executeTakeFirst()
  if (existing) return existing.id
  const id = randomUUID()
  await withDiscounts(db)
    .insertInto('cart_discounts')
    .values({ id, cart_id: cartId, coupon_code: code, created_at: new Date().toISOString() })
    .execute()
  return id
}

export function deleteDiscount(db: Db, cartId: string, discountId: string) {
  return withDiscounts(db)
    .deleteFrom('cart_discounts')
    .where('cart_id', '=', cartId)
    .where('id', '=', discountId)
    .executeTakeFirst()
}

export function deleteDiscounts(db: Db, cartId: string, codes?: string[]) {
  let query = withDiscounts(db).deleteFrom('cart_discounts').where('cart_id', '=', cartId)
  if (codes) {
    if (codes.length === 0) return Promise.resolve()
    query = query.where('coupon_code', 'in', codes)
  }
  return query.execute()
}
