import { sql } from 'kysely'
import type { Db } from '../../platform/db/database.ts'

/** Units of a product, or of one of its variants (a product with variants keeps stock per variant). */
export interface StockLine {
  productId: string
  variantId: string | null
  quantity: number
}

/**
 * Takes `quantity` units out of stock only when that many are there: one guarded UPDATE, so concurrent
 * orders can never oversell (PostgreSQL re-checks the guard after a concurrent writer commits).
 */
export async function take(db: Db, line: StockLine): Promise<boolean> {
  const result = line.variantId
    ? await db
        .updateTable('variants')
        .set({ stock: sql<number>`stock - ${line.quantity}` })
        .where('id', '=', line.variantId)
        .where('product_id', '=', line.productId)
        .where('stock', '>=', line.quantity)
        .executeTakeFirst()
    : await db
        .updateTable('products')
        .set({ stock: sql<number>`stock - ${line.quantity}` })
        .where('id', '=', line.productId)
        .where('stock', '>=', line.quantity)
        .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Puts units back (a cancelled order's line, a reservation that made no order). */
export async function give(db: Db, line: StockLine): Promise<void> {
  if (line.variantId) {
    await db
      .updateTable('variants')
      .set((eb) => ({ stock: eb('stock', '+', line.quantity) }))
      .where('id', '=', line.variantId)
      .where('product_id', '=', line.productId)
      .execute()
  } else {
    await db
      .updateTable('products')
      .set((eb) => ({ stock: eb('stock', '+', line.quantity) }))
      .where('id', '=', line.productId)
      .execute()
  }
}
