import type { StaffPrice } from '@shop/contracts/backoffice'
import type { Db } from '../../platform/db/database.ts'

/** A variant whole as the CSV import and export see it (docs/decisions/0063-variants-in-csv.md). */
export interface VariantRow {
  id: string
  code: string
  productId: string
  productSku: string
  position: number
  isDefault: boolean
  stock: number
  /** The stored option JSON (`{key: {attribute: value}}`). */
  options: string
  texts: Array<{ language: string; name: string }>
  prices: StaffPrice[]
}

/** Fills texts and untimed prices of these variants: two batched queries. */
async function whole(
  db: Db,
  variants: ReadonlyArray<Omit<VariantRow, 'texts' | 'prices' | 'isDefault'> & { is_default: number }>,
): Promise<VariantRow[]> {
  if (variants.length === 0) return []
  const ids = variants.map((v) => v.id)
  const [texts, prices] = await Promise.all([
    db
      .selectFrom('variant_texts')
      .select(['variant_id', 'language', 'name'])
      .where('variant_id', 'in', ids)
      .orderBy('language')
      .execute(),
    db
      .selectFrom('prices')
      .select(['variant_id', 'currency', 'effective_minor', 'original_minor'])
      .where('variant_id', 'in', ids)
      .where('valid_from', 'is', null)
      .where('valid_until', 'is', null)
      .orderBy('currency')
      .execute(),
  ])
  const rows = new Map<string, VariantRow>()
  for (const { is_default, ...v } of variants)
    rows.set(v.id, { ...v, isDefault: is_default === 1, texts: [], prices: [] })
  for (const t of texts) rows.get(t.variant_id)?.texts.push({ language: t.language, name: t.name })
  for (const p of prices)
    if (p.variant_id)
      rows.get(p.variant_id)?.prices.push({
        currency: p.currency,
        effectiveMinor: p.effective_minor,
        originalMinor: p.original_minor,
      })
  return [...rows.values()]
}

const selectVariants = (db: Db) =>
  db
    .selectFrom('variants')
    .innerJoin('products', 'products.id', 'variants.product_id')
    .select([
      'variants.id',
      'variants.code',
      'variants.product_id as productId',
      'products.code as productSku',
      'variants.position',
      'variants.is_default',
      'variants.stock',
      'variants.options',
    ])

export async function findVariantsByCode(db: Db, codes: readonly string[]): Promise<VariantRow[]> {
  if (codes.length === 0) return []
  return whole(db, await selectVariants(db).where('variants.code', 'in', codes).execute())
}

/** Every variant of these products, each product's in its storefront order. */
export async function findVariantsOf(db: Db, productIds: readonly string[]): Promise<VariantRow[]> {
  if (productIds.length === 0) return []
  return whole(
    db,
    await selectVariants(db)
      .where('variants.product_id', 'in', productIds)
      .orderBy('variants.product_id')
      .orderBy('variants.position')
      .orderBy('variants.id')
      .execute(),
  )
}

/** The stored option lists (`products.options` JSON) of these products. */
export async function findProductOptions(db: Db, productIds: readonly string[]) {
  if (productIds.length === 0) return []
  return db
    .selectFrom('products')
    .select(['id', 'options', 'unit_code', 'unit_quantity'])
    .where('id', 'in', productIds)
    .execute()
}

/** Makes the first variant the default when none of the product's is (exactly one default per product). */
export async function ensureOneDefault(db: Db, productId: string) {
  const rows = await db
    .selectFrom('variants')
    .select(['id', 'is_default'])
    .where('product_id', '=', productId)
    .orderBy('position')
    .orderBy('id')
    .execute()
  const first = rows[0]
  if (first && !rows.some((r) => r.is_default === 1))
    await db.updateTable('variants').set({ is_default: 1 }).where('id', '=', first.id).execute()
}

export async function findProductIds(db: Db, codes: readonly string[]) {
  if (codes.length === 0) return []
  return db.selectFrom('products').select(['id', 'code']).where('code', 'in', codes).execute()
}
