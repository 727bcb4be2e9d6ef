import { randomUUID } from 'node:crypto'
import type { StaffPrice } from '@shop/contracts/backoffice'
import { sql } from 'kysely'
import type { Db } from '../../platform/db/database.ts'

/** A product as the back office edits it: its own columns, every text, its product-level prices. */
export async function findStaffProduct(db: Db, id: string) {
  const product = await db
    .selectFrom('products')
    .select(['id', 'code', 'published', 'stock', 'tax_code', 'has_variants', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst()
  if (!product) return undefined
  const [texts, prices] = await Promise.all([
    db
      .selectFrom('product_texts')
      .select(['language', 'name', 'description'])
      .where('product_id', '=', id)
      .orderBy('language')
      .execute(),
    db
      .selectFrom('prices')
      .select(['currency', 'effective_minor', 'original_minor'])
      .where('product_id', '=', id)
      .where('variant_id', 'is', null)
      .orderBy('currency')
      .execute(),
  ])
  return { product, texts, prices }
}

export type StaffProductRecord = NonNullable<Awaited<ReturnType<typeof findStaffProduct>>>

/** Another product with this SKU (the code column is unique; variants' codes share the namespace). */
export async function skuTaken(db: Db, sku: string, exceptId: string | null): Promise<boolean> {
  const [product, variant] = await Promise.all([
    db
      .selectFrom('products')
      .select('id')
      .where('code', '=', sku)
      .$if(exceptId !== null, (q) => q.where('id', '<>', exceptId as string))
      .executeTakeFirst(),
    db.selectFrom('variants').select('id').where('code', '=', sku).executeTakeFirst(),
  ])
  return Boolean(product || variant)
}

export interface ProductColumns {
  code: string
  published: number
  tax_code: string | null
}

export async function insertProduct(db: Db, id: string, columns: ProductColumns, stock: number, now: string) {
  await db
    .insertInto('products')
    .values({ id, ...columns, stock, created_at: now })
    .execute()
}

export async function updateProductColumns(db: Db, id: string, columns: ProductColumns): Promise<boolean> {
  const result = await db.updateTable('products').set(columns).where('id', '=', id).executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Replaces every text; migration 0011's triggers keep product_sort_names in step with them. */
export async function replaceTexts(
  db: Db,
  id: string,
  texts: ReadonlyArray<{ language: string; name: string; description: string }>,
) {
  await db.deleteFrom('product_texts').where('product_id', '=', id).execute()
  await db
    .insertInto('product_texts')
    .values(texts.map((t) => ({ product_id: id, ...t })))
    .execute()
}

/** Replaces the product-level prices (variants' prices and timed prices are not the back office's yet). */
export async function replacePrices(db: Db, id: string, prices: readonly StaffPrice[]) {
  await db
    .deleteFrom('prices')
    .where('product_id', '=', id)
    .where('variant_id', 'is', null)
    .where('valid_from', 'is', null)
    .where('valid_until', 'is', null)
    .execute()
  if (prices.length === 0) return
  // Every price row carries the product's measurement unit (migration 0023).
  const unit = await db
    .selectFrom('products')
    .select(['unit_code', 'unit_quantity'])
    .where('id', '=', id)
    .executeTakeFirst()
  await db
    .insertInto('prices')
    .values(
      prices.map((p) => ({
        id: randomUUID(),
        product_id: id,
        variant_id: null,
        currency: p.currency,
        effective_minor: p.effectiveMinor,
        original_minor: p.originalMinor,
        unit_code: unit?.unit_code ?? null,
        unit_quantity: unit?.unit_quantity ?? null,
        valid_from: null,
        valid_until: null,
      })),
    )
    .execute()
}

/**
 * Sets the stock only when it is still what the staff member saw (compare-and-set): one guarded UPDATE, so a
 * checkout's reservation in between makes it fail rather than be overwritten.
 */
export async function setStockIf(db: Db, id: string, expected: number, stock: number): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({ stock })
    .where('id', '=', id)
    .where('stock', '=', expected)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Adds (or, negative, writes off) units, never below zero: one guarded UPDATE like a checkout's. */
export async function addStock(db: Db, id: string, delta: number): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({ stock: sql<number>`stock + ${delta}` })
    .where('id', '=', id)
    .where(sql<boolean>`stock + ${delta} >= 0`)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Deletes a product; its texts, prices, variants, assignments and sort names go with it (foreign keys). */
export async function deleteProductRow(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('products').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}

/** Whether any order holds a line of the product (orders keep their own copy of name and price). */
export async function isOrdered(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('order_entries')
    .select('order_id')
    .where('product_id', '=', id)
    .limit(1)
    .executeTakeFirst()
  return Boolean(row)
}
