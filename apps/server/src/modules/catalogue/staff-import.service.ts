import type { DatabaseHandle, Db } from '../../platform/db/database.ts'
import { refreshStatistics } from '../../platform/db/maintenance.ts'
import {
  type CatalogueRecord,
  findCategoryIds,
  findRecordsAfter,
  findRecordsBySku,
  findVariantCodes,
  type RecordWrite,
} from './staff-import.repository.ts'
import {
  insertRecords,
  newRecordIds,
  replaceParts,
  setStocksIfStill,
} from './staff-import-write.repository.ts'
import { countStaffProducts } from './staff-list.repository.ts'
import { invalidateCatalogue } from './stock.service.ts'

export type { CatalogueRecord, RecordWrite } from './staff-import.repository.ts'
export { newRecordIds }

/**
 * The catalogue's batch read and write path for the CSV import and export (docs/decisions/0053-catalogue-csv.md).
 * The caller owns the transaction; the write bumps the catalogue's cache version in it. product_sort_names
 * follows product_texts by migration 0011's triggers.
 */
export async function catalogueRecordsBySku(db: Db, skus: readonly string[]) {
  const out = new Map<string, CatalogueRecord>()
  for (let i = 0; i < skus.length; i += 500)
    for (const record of await findRecordsBySku(db, skus.slice(i, i + 500))) out.set(record.sku, record)
  return out
}

/** Which of these codes a variant holds (SKUs share the namespace with variant codes). */
export async function variantCodesAmong(db: Db, codes: readonly string[]): Promise<Set<string>> {
  const out = new Set<string>()
  for (let i = 0; i < codes.length; i += 500)
    for (const code of await findVariantCodes(db, codes.slice(i, i + 500))) out.add(code)
  return out
}

export const categoryIds = async (db: Db) => new Set(await findCategoryIds(db))

/** How many products the shop holds. */
export const catalogueSize = (db: Db): Promise<number> => countStaffProducts(db)

/** The tables a batch write fills, in the order a product's rows are written. */
const WRITTEN_TABLES = ['products', 'product_texts', 'product_sort_names', 'prices', 'category_assignments']

/**
 * After batch writes that grew the catalogue manyfold: the planner's statistics of the tables they fill, fresh
 * (platform/db/maintenance.ts `refreshStatistics`). Outside the writes' transaction.
 */
export async function refreshCatalogueStatistics(
  handle: Pick<DatabaseHandle, 'db' | 'engine'>,
): Promise<void> {
  await refreshStatistics(handle, WRITTEN_TABLES)
}

/** The whole catalogue in SKU order, a page at a time (for a streamed export). */
export async function* catalogueRecordPages(db: Db, pageSize = 500): AsyncGenerator<CatalogueRecord[]> {
  let after: string | null = null
  for (;;) {
    const page = await findRecordsAfter(db, after, pageSize)
    if (page.length === 0) return
    yield page
    after = page[page.length - 1]?.sku ?? null
    if (page.length < pageSize) return
  }
}

export interface CatalogueWrite {
  creates: ReadonlyArray<RecordWrite & { stock: number }>
  updates: readonly RecordWrite[]
  /** Stock figures to set, each only if the product's stock is still `expected`. */
  stocks: ReadonlyArray<{ id: string; expected: number; stock: number }>
}

/**
 * Writes many products in the caller's transaction: inserts, replacements of what the CSV holds, guarded stock
 * figures. Answers the ids whose stock a checkout changed meanwhile (their row is then not written at all).
 */
export async function writeCatalogueRecords(
  db: Db,
  write: CatalogueWrite,
  now: string,
): Promise<Set<string>> {
  const set = await setStocksIfStill(db, write.stocks)
  const stockChanged = new Set(write.stocks.filter((s) => !set.has(s.id)).map((s) => s.id))
  await insertRecords(db, write.creates, now)
  await replaceParts(
    db,
    write.updates.filter((u) => !stockChanged.has(u.id)),
  )
  await invalidateCatalogue(db)
  return stockChanged
}
