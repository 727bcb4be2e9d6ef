import { randomUUID } from 'node:crypto'
import type { StaffPrice } from '@shop/contracts/backoffice'
import { sql } from 'kysely'
import type { Db } from '../../platform/db/database.ts'

/** A product whole as the CSV import and export see it (docs/decisions/0053-catalogue-csv.md). */
export interface CatalogueRecord {
  id: string
  sku: string
  published: boolean
  taxCode: string | null
  stock: number
  hasVariants: boolean
  texts: Array<{ language: string; name: string; description: string }>
  prices: StaffPrice[]
  categories: string[]
}

/** Fills texts, product-level untimed prices and category ids of these products: three batched queries. */
async function whole(
  db: Db,
  products: ReadonlyArray<{
    id: string
    code: string
    published: number
    tax_code: string | null
    stock: number
    has_variants: number
  }>,
): Promise<CatalogueRecord[]> {
  if (products.length === 0) return []
  const ids = products.map((p) => p.id)
  const [texts, prices, categories] = await Promise.all([
    db
      .selectFrom('product_texts')
      .select(['product_id', 'language', 'name', 'description'])
      .where('product_id', 'in', ids)
      .orderBy('language')
      .execute(),
    db
      .selectFrom('prices')
      .select(['product_id', 'currency', 'effective_minor', 'original_minor'])
      .where('product_id', 'in', ids)
      .where('variant_id', 'is', null)
      .where('valid_from', 'is', null)
      .where('valid_until', 'is', null)
      .orderBy('currency')
      .execute(),
    db
      .selectFrom('category_assignments')
      .select(['product_id', 'category_id'])
      .where('product_id', 'in', ids)
      .orderBy('position')
      .orderBy('category_id')
      .execute(),
  ])
  const records = new Map<string, CatalogueRecord>()
  for (const p of products)
    records.set(p.id, {
      id: p.id,
      sku: p.code,
      published: p.published === 1,
      taxCode: p.tax_code,
      stock: p.stock,
      hasVariants: p.has_variants === 1,
      texts: [],
      prices: [],
      categories: [],
    })
  for (const t of texts)
    records.get(t.product_id)?.texts.push({ language: t.language, name: t.name, description: t.description })
  for (const p of prices)
    records.get(p.product_id)?.prices.push({
      currency: p.currency,
      effectiveMinor: p.effective_minor,
      originalMinor: p.original_minor,
    })
  for (const c of categories) records.get(c.product_id)?.categories.push(c.category_id)
  return [...records.values()]
}

const productColumns = ['id', 'code', 'published', 'tax_code', 'stock', 'has_variants'] as const

export async function findRecordsBySku(db: Db, skus: readonly string[]): Promise<CatalogueRecord[]> {
  if (skus.length === 0) return []
  const products = await db.selectFrom('products').select(productColumns).where('code', 'in', skus).execute()
  return whole(db, products)
}

/** The next page of the whole catalogue in SKU order, after `afterSku` (keyset along the unique code). */
export async function findRecordsAfter(db: Db, afterSku: string | null, limit: number) {
  const products = await db
    .selectFrom('products')
    .select(productColumns)
    .$if(afterSku !== null, (q) => q.where('code', '>', afterSku as string))
    .orderBy('code')
    .limit(limit)
    .execute()
  return whole(db, products)
}

export async function findVariantCodes(db: Db, codes: readonly string[]): Promise<string[]> {
  if (codes.length === 0) return []
  const rows = await db.selectFrom('variants').select('code').where('code', 'in', codes).execute()
  return rows.map((r) => r.code)
}

export async function findCategoryIds(db: Db): Promise<string[]> {
  return (await db.selectFrom('categories').select('id').execute()).map((r) => r.id)
}

export interface RecordWrite {
  id: string
  sku: string
  published: boolean
  taxCode: string | null
  texts: CatalogueRecord['texts']
  prices: StaffPrice[]
  categories: string[]
}

/** New products, their texts, prices and category assignments: one INSERT per table. */
export async function insertRecords(
  db: Db,
  records: ReadonlyArray<RecordWrite & { stock: number }>,
  now: string,
) {
  if (records.length === 0) return
  await db
    .insertInto('products')
    .values(
      records.map((r) => ({
        id: r.id,
        code: r.sku,
        published: r.published ? 1 : 0,
        tax_code: r.taxCode,
        stock: r.stock,
        created_at: now,
      })),
    )
    .execute()
  await insertParts(db, records)
}

/** Replaces texts, untimed product-level prices and category assignments of existing products. */
export async function replaceParts(db: Db, records: readonly RecordWrite[]) {
  if (records.length === 0) return
  const ids = records.map((r) => r.id)
  for (const r of records)
    await db
      .updateTable('products')
      .set({ published: r.published ? 1 : 0, tax_code: r.taxCode })
      .where('id', '=', r.id)
      .execute()
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
  const texts = records.flatMap((r) => r.texts.map((t) => ({ product_id: r.id, ...t })))
  const prices = records.flatMap((r) =>
    r.prices.map((p) => ({
      id: randomUUID(),
      product_id: r.id,
      variant_id: null,
      currency: p.currency,
      effective_minor: p.effectiveMinor,
      original_minor: p.originalMinor,
      unit_code: null,
      unit_quantity: null,
      valid_from: null,
      valid_until: null,
    })),
  )
  const assignments = records.flatMap((r) =>
    r.categories.map((category_id, position) => ({ product_id: r.id, category_id, position })),
  )
  for (const part of chunks(texts, 1000)) await db.insertInto('product_texts').values(part).execute()
  for (const part of chunks(prices, 1000)) await db.insertInto('prices').values(part).execute()
  for (const part of chunks(assignments, 1000))
    await db.insertInto('category_assignments').values(part).execute()
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** Sets a stock only when it is still the figure the import read (a checkout in between wins). */
export async function setStockIfStill(db: Db, id: string, expected: number, stock: number): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({ stock })
    .where('id', '=', id)
    .where('stock', '=', expected)
    .where(sql<boolean>`has_variants = 0`)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
