import { sql } from 'kysely'
import { compiledOnce } from '../../platform/db/compiled-once.ts'
import type { Db } from '../../platform/db/database.ts'

/** Units of a product, or of one of its variants (a product with variants keeps stock per variant). */
export interface StockLine {
  productId: string
  variantId: string | null
  quantity: number
}

/**
 * Takes `quantity` units out of stock only when that many are there: one guarded UPDATE, so concurrent
 * orders can never oversell (PostgreSQL re-checks the guard after a concurrent writer commits). Answers the
 * units left, or undefined when there were not enough.
 */
export async function take(db: Db, line: StockLine): Promise<number | undefined> {
  const {
    rows: [row],
  } = line.variantId
    ? await takeVariant.run(db, { id: line.variantId, productId: line.productId, quantity: line.quantity })
    : await takeProduct.run(db, { id: line.productId, quantity: line.quantity })
  return row ? Number(row.stock) : undefined
}

// Every order takes its lines' units: compiled once (docs/decisions/0091).
const takeVariant = compiledOnce((db, v: { id: string; productId: string; quantity: number }) =>
  db
    .updateTable('variants')
    .set({ stock: sql<number>`stock - ${v.quantity}` })
    .where('id', '=', v.id)
    .where('product_id', '=', v.productId)
    .where('stock', '>=', v.quantity)
    .returning('stock'),
)
const takeProduct = compiledOnce((db, v: { id: string; quantity: number }) =>
  db
    .updateTable('products')
    .set({ stock: sql<number>`stock - ${v.quantity}` })
    .where('id', '=', v.id)
    .where('stock', '>=', v.quantity)
    .returning('stock'),
)

/**
 * Puts units back (a cancelled order's line, a reservation that made no order). Answers the units there are
 * now, or undefined when the product or variant is gone.
 */
export async function give(db: Db, line: StockLine): Promise<number | undefined> {
  const row = line.variantId
    ? await db
        .updateTable('variants')
        .set((eb) => ({ stock: eb('stock', '+', line.quantity) }))
        .where('id', '=', line.variantId)
        .where('product_id', '=', line.productId)
        .returning('stock')
        .executeTakeFirst()
    : await db
        .updateTable('products')
        .set((eb) => ({ stock: eb('stock', '+', line.quantity) }))
        .where('id', '=', line.productId)
        .returning('stock')
        .executeTakeFirst()
  return row ? Number(row.stock) : undefined
}
