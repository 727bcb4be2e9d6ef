import { sql } from 'kysely'
import type { Db } from '../../platform/db/database.ts'

/**
 * Takes `quantity` units out of stock only when that many are there: one guarded UPDATE, so concurrent
 * orders can never oversell (PostgreSQL re-checks the guard after a concurrent writer commits).
 */
export async function reserveStock(
  db: Db,
  line: { productId: string; variantId: string | null; quantity: number },
): Promise<boolean> {
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
