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
 *
 * The catalogue's public answers show stock only as in stock or not (`inStock` of a product and of a variant,
 * the search's in-stock filter): the catalogue version is bumped, with the reservation, only when a line takes
 * its product's or variant's last unit (docs/decisions/0079). Any other reservation leaves every cached answer
 * and page true, and does not queue on the version row behind every other checkout.
 */
export async function reserve(db: Db, lines: readonly StockLine[]): Promise<number | undefined> {
  const order = lines.map((line, index) => ({ line, index }))
  order.sort((a, b) => stockKey(a.line).localeCompare(stockKey(b.line)))
  let soldOut = false
  for (const { line, index } of order) {
    const left = await take(db, line)
    if (left === undefined) return index
    if (left === 0) soldOut = true
  }
  if (soldOut) await invalidateCatalogue(db)
  return undefined
}

/**
 * Puts the units of every line back into stock (a cancelled order, a reservation that made no order); the
 * catalogue version is bumped when a product or variant that had none has some again.
 */
export async function release(db: Db, lines: readonly StockLine[]): Promise<void> {
  let backInStock = false
  for (const line of lines) {
    const now = await give(db, line)
    if (now !== undefined && now > 0 && now === line.quantity) backInStock = true
  }
  if (backInStock) await invalidateCatalogue(db)
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
