import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { type BulkColumn, bulkRows } from '../../platform/db/bulk-rows.ts'
import type { Db } from '../../platform/db/database.ts'
import type { RecordWrite } from './staff-import.repository.ts'

/** Rows per bulk statement (one JSON or array parameter per column, not one per value). */
const BATCH = 5000

let lastMs = 0
let sequence = 0

/**
 * Ids for new products and their prices: time-ordered UUIDs (version 7, RFC 9562), ascending within a call and
 * across calls, so that a chunk's rows land at the right edge of every index keyed by them instead of all over it.
 */
export function newRecordIds(count: number): string[] {
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    const now = Date.now()
    if (now > lastMs) {
      lastMs = now
      sequence = 0
    } else if (++sequence > 0xfff) {
      lastMs++
      sequence = 0
    }
    const time = lastMs.toString(16).padStart(12, '0')
    ids.push(
      `${time.slice(0, 8)}-${time.slice(8)}-7${sequence.toString(16).padStart(3, '0')}-${randomUUID().slice(19)}`,
    )
  }
  return ids
}

const text = (name: string): BulkColumn => ({ name, type: 'text' })
const integer = (name: string): BulkColumn => ({ name, type: 'integer' })

/** New products, their texts, prices and category assignments: a bulk INSERT per table. */
export async function insertRecords(
  db: Db,
  records: ReadonlyArray<RecordWrite & { stock: number }>,
  now: string,
) {
  if (records.length === 0) return
  const columns = [
    text('id'),
    text('code'),
    integer('published'),
    text('tax_code'),
    integer('stock'),
    text('created_at'),
  ]
  for (const part of chunks(records, BATCH))
    await sql`insert into products (id, code, published, tax_code, stock, created_at) ${bulkRows(
      db,
      columns,
      part.map((r) => [r.id, r.sku, r.published ? 1 : 0, r.taxCode, r.stock, now]),
    )}`.execute(db)
  await insertParts(db, records)
}

/** Replaces publication, tax code, texts, untimed product-level prices and category assignments of products. */
export async function replaceParts(db: Db, records: readonly RecordWrite[]) {
  if (records.length === 0) return
  const ids = records.map((r) => r.id)
  const columns = [text('id'), integer('published'), text('tax_code')]
  for (const part of chunks(records, BATCH))
    await sql`with v (id, published, tax_code) as (${bulkRows(
      db,
      columns,
      part.map((r) => [r.id, r.published ? 1 : 0, r.taxCode]),
    )}) update products set published = v.published, tax_code = v.tax_code from v where products.id = v.id`.execute(
      db,
    )
  await db.deleteFrom('product_texts').where('product_id', 'in', ids).execute()
  await db
    .deleteFrom('prices')
    .where('product_id', 'in', ids)
    .where('variant_id', 'is', null)
    .where('valid_from', 'is', null)
    .where('valid_until', 'is', null)
    .execute()
  await db.deleteFrom('category_assignments').where('product_id', 'in', ids).execute()
  await insertParts(db, records)
}

async function insertParts(db: Db, records: readonly RecordWrite[]) {
  const texts = records.flatMap((r) => r.texts.map((t) => [r.id, t.language, t.name, t.description]))
  const priceIds = newRecordIds(records.reduce((n, r) => n + r.prices.length, 0))
  const prices = records
    .flatMap((r) => r.prices.map((p) => [r.id, p.currency, p.effectiveMinor, p.originalMinor]))
    .map((row, i) => [priceIds[i], ...row])
  const assignments = records.flatMap((r) =>
    r.categories.map((category, position) => [r.id, category, position]),
  )
  const textColumns = [text('product_id'), text('language'), text('name'), text('description')]
  for (const part of chunks(texts, BATCH))
    await sql`insert into product_texts (product_id, language, name, description) ${bulkRows(
      db,
      textColumns,
      part,
    )}`.execute(db)
  const priceColumns = [
    text('id'),
    text('product_id'),
    text('currency'),
    integer('effective_minor'),
    integer('original_minor'),
  ]
  for (const part of chunks(prices, BATCH))
    await sql`insert into prices (id, product_id, currency, effective_minor, original_minor) ${bulkRows(
      db,
      priceColumns,
      part,
    )}`.execute(db)
  const assignmentColumns = [text('product_id'), text('category_id'), integer('position')]
  for (const part of chunks(assignments, BATCH))
    await sql`insert into category_assignments (product_id, category_id, position) ${bulkRows(
      db,
      assignmentColumns,
      part,
    )}`.execute(db)
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/**
 * Sets stock figures, each only where the product's stock is still the figure the import read (a checkout in
 * between wins) and the product has no variants: one statement. Answers the ids whose stock was set.
 */
export async function setStocksIfStill(
  db: Db,
  stocks: ReadonlyArray<{ id: string; expected: number; stock: number }>,
): Promise<Set<string>> {
  const set = new Set<string>()
  const columns = [text('id'), integer('expected'), integer('stock')]
  for (const part of chunks(stocks, BATCH)) {
    const { rows } = await sql<{ id: string }>`with v (id, expected, stock) as (${bulkRows(
      db,
      columns,
      part.map((s) => [s.id, s.expected, s.stock]),
    )}) update products set stock = v.stock from v
      where products.id = v.id and products.stock = v.expected and products.has_variants = 0
      returning products.id`.execute(db)
    for (const r of rows) set.add(r.id)
  }
  return set
}
