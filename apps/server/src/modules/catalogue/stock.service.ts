import { invalidate } from '../../platform/cache/versions.ts'
import type { Db } from '../../platform/db/database.ts'
import { findLowStock } from './low-stock.repository.ts'
import { give, type StockLine, take } from './stock.repository.ts'

export type { StockLine } from './stock.repository.ts'

/** The order in which every checkout locks stock rows, so concurrent ones never deadlock. */
export const stockKey = (line: Pick<StockLine, 'productId' | 'variantId'>) =>
  `${line.productId}/${line.variantId ?? ''}`

/**
 * Reserves every line or none, inside the caller's transaction: lines are taken in `stockKey` order, and the
 * first line short of stock answers its index (the caller rolls back). Undefined when all were taken.
 */
export async function reserve(db: Db, lines: readonly StockLine[]): Promise<number | undefined> {
  const order = lines.map((line, index) => ({ line, index }))
  order.sort((a, b) => stockKey(a.line).localeCompare(stockKey(b.line)))
  for (const { line, index } of order) if (!(await take(db, line))) return index
  // Stock shows in the catalogue's answers: the bump commits with the reservation (docs/decisions/0030).
  if (lines.length > 0) await invalidateCatalogue(db)
  return undefined
}

/** Puts the units of every line back into stock (a cancelled order, a reservation that made no order). */
export async function release(db: Db, lines: readonly StockLine[]): Promise<void> {
  for (const line of lines) await give(db, line)
  if (lines.length > 0) await invalidateCatalogue(db)
}

/**
 * The one call every write to what the catalogue shows makes (products, variants, their texts, prices, stock,
 * categories and assignments, sites), with the writer's transaction, late in it: every process's cached
 * catalogue answers are old from its commit on (docs/decisions/0030-catalogue-answer-cache.md).
 */
export const invalidateCatalogue = (db: Db) => invalidate(db, 'catalogue')

/** Published products and variants at or below `threshold` units, fewest first (the dashboard, docs/decisions/0069). */
export const lowStock = (db: Db, threshold: number, language: string, limit: number) =>
  findLowStock(db, threshold, language, limit)
