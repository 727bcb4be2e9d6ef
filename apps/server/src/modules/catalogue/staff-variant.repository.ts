import { randomUUID } from 'node:crypto'
import type { StaffPrice } from '@shop/contracts/backoffice'
import { sql } from 'kysely'
import type { Db } from '../../platform/db/database.ts'

/** The SQL of the back office's variants (docs/decisions/0051-staff-variants.md). */
export async function findVariantProduct(db: Db, id: string) {
  return db
    .selectFrom('products')
    .select(['id', 'code', 'options', 'media', 'has_variants', 'unit_code', 'unit_quantity'])
    .where('id', '=', id)
    .executeTakeFirst()
}

export async function findVariantRows(db: Db, productId: string) {
  const variants = await db
    .selectFrom('variants')
    .select(['id', 'code', 'position', 'is_default', 'options', 'stock', 'media'])
    .where('product_id', '=', productId)
    .orderBy('position')
    .orderBy('id')
    .execute()
  const ids = variants.map((v) => v.id)
  const [texts, prices] = ids.length
    ? await Promise.all([
        db
          .selectFrom('variant_texts')
          .select(['variant_id', 'language', 'name'])
          .where('variant_id', 'in', ids)
          .orderBy('language')
          .execute(),
        db
          .selectFrom('prices')
          .select(['variant_id', 'currency', 'effective_minor', 'original_minor'])
          .where('product_id', '=', productId)
          .where('variant_id', 'in', ids)
          .where('valid_from', 'is', null)
          .where('valid_until', 'is', null)
          .orderBy('currency')
          .execute(),
      ])
    : [[], []]
  return { variants, texts, prices }
}

export async function setProductOptions(db: Db, id: string, options: string, hasVariants: boolean) {
  await db
    .updateTable('products')
    .set({ options, has_variants: hasVariants ? 1 : 0, ...(hasVariants ? { stock: 0 } : {}) })
    .where('id', '=', id)
    .execute()
}

/** Variant ids some order holds a line of. */
export async function orderedVariantIds(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return []
  const rows = await db
    .selectFrom('order_entries')
    .select('variant_id')
    .distinct()
    .where('variant_id', 'in', [...ids])
    .execute()
  return rows.flatMap((r) => (r.variant_id ? [r.variant_id] : []))
}

export async function deleteVariants(db: Db, ids: readonly string[]) {
  if (ids.length)
    await db
      .deleteFrom('variants')
      .where('id', 'in', [...ids])
      .execute()
}

export interface VariantColumns {
  code: string
  position: number
  is_default: number
  options: string
  media: string
}

export async function insertVariant(db: Db, productId: string, columns: VariantColumns): Promise<string> {
  const id = randomUUID()
  await db
    .insertInto('variants')
    .values({ id, product_id: productId, stock: 0, mixins: '{}', ...columns })
    .execute()
  return id
}

export async function updateVariantColumns(db: Db, id: string, columns: Partial<VariantColumns>) {
  await db.updateTable('variants').set(columns).where('id', '=', id).execute()
}

export async function clearDefaults(db: Db, productId: string, exceptId: string) {
  await db
    .updateTable('variants')
    .set({ is_default: 0 })
    .where('product_id', '=', productId)
    .where('id', '<>', exceptId)
    .execute()
}

export async function replaceVariantTexts(
  db: Db,
  id: string,
  texts: ReadonlyArray<{ language: string; name: string }>,
) {
  await db.deleteFrom('variant_texts').where('variant_id', '=', id).execute()
  if (texts.length)
    await db
      .insertInto('variant_texts')
      .values(texts.map((t) => ({ variant_id: id, language: t.language, name: t.name })))
      .execute()
}

/**
 * Replaces the row's untimed prices in the currencies given (all of them with `all`); the product's or the
 * variant's (variantId null: the product's own). Every row carries the product's measurement unit.
 */
export async function replaceRowPrices(
  db: Db,
  row: { productId: string; variantId: string | null },
  prices: readonly StaffPrice[],
  unit: { unit_code: string | null; unit_quantity: number | null },
  all: boolean,
) {
  const currencies = prices.map((p) => p.currency)
  if (!all && currencies.length === 0) return
  await db
    .deleteFrom('prices')
    .where('product_id', '=', row.productId)
    .where((eb) =>
      row.variantId === null ? eb('variant_id', 'is', null) : eb('variant_id', '=', row.variantId),
    )
    .where('valid_from', 'is', null)
    .where('valid_until', 'is', null)
    .$if(!all, (q) => q.where('currency', 'in', currencies))
    .execute()
  if (prices.length === 0) return
  await db
    .insertInto('prices')
    .values(
      prices.map((p) => ({
        id: randomUUID(),
        product_id: row.productId,
        variant_id: row.variantId,
        currency: p.currency,
        effective_minor: p.effectiveMinor,
        original_minor: p.originalMinor,
        valid_from: null,
        valid_until: null,
        ...unit,
      })),
    )
    .execute()
}

/** Another product or variant with this code (one namespace: a cart line is found by either). */
export async function codeTaken(db: Db, code: string, exceptVariantId: string): Promise<boolean> {
  const [product, variant] = await Promise.all([
    db.selectFrom('products').select('id').where('code', '=', code).executeTakeFirst(),
    db
      .selectFrom('variants')
      .select('id')
      .where('code', '=', code)
      .where('id', '<>', exceptVariantId)
      .executeTakeFirst(),
  ])
  return Boolean(product || variant)
}

/** Codes in use among the given ones (products' and variants'), for generated codes to step around. */
export async function codesInUse(db: Db, codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set()
  const [products, variants] = await Promise.all([
    db
      .selectFrom('products')
      .select('code')
      .where('code', 'in', [...codes])
      .execute(),
    db
      .selectFrom('variants')
      .select('code')
      .where('code', 'in', [...codes])
      .execute(),
  ])
  return new Set([...products, ...variants].map((r) => r.code))
}

/** Compare-and-set of a variant's stock (the product's `setStockIf`, per variant). */
export async function setVariantStockIf(
  db: Db,
  productId: string,
  id: string,
  expected: number,
  stock: number,
) {
  const result = await db
    .updateTable('variants')
    .set({ stock })
    .where('id', '=', id)
    .where('product_id', '=', productId)
    .where('stock', '=', expected)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Adds or writes off a variant's units, never below zero. */
export async function addVariantStock(db: Db, productId: string, id: string, delta: number) {
  const result = await db
    .updateTable('variants')
    .set({ stock: sql<number>`stock + ${delta}` })
    .where('id', '=', id)
    .where('product_id', '=', productId)
    .where(sql<boolean>`stock + ${delta} >= 0`)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
