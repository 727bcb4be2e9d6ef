import type { StaffPrice } from '@shop/contracts/backoffice'
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
