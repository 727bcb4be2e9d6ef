import type { Db } from '../../platform/db/database.ts'
import { compareText, readTogether } from '../../platform/db/read-together.ts'

/** What pricing reads for a batch of lines. */
export interface PricingQuery {
  productIds: string[]
  /** May be empty (no line names a variant). */
  variantIds: string[]
  languages: string[]
  currency: string
  /** The moment the prices must be valid at (ISO). */
  at: string
  siteCode: string
}

/**
 * The batch read behind pricing, whatever the number of lines: the lines' products, their names in the
 * languages asked for, their variants, their prices valid at `at` (cheapest first) and the site's item fees.
 * Read together: one statement on PostgreSQL instead of five round trips (every cart read and checkout makes it).
 */
export async function findPricingRows(db: Db, query: PricingQuery) {
  const { productIds, variantIds, languages, currency, at, siteCode } = query
  const products = db
    .selectFrom('products')
    .select(['id', 'code', 'published', 'has_variants', 'stock', 'tax_code', 'tax_codes', 'media'])
    .where('id', 'in', productIds)
  const names = db
    .selectFrom('product_texts')
    .select(['product_id', 'language', 'name'])
    .where('product_id', 'in', productIds)
    .where('language', 'in', languages)
  const variants = db
    .selectFrom('variants')
    .select(['id', 'product_id', 'options', 'stock', 'media'])
    .where('id', 'in', variantIds)
  const prices = db
    .selectFrom('prices')
    .select(['id', 'product_id', 'variant_id', 'effective_minor', 'original_minor'])
    .where('product_id', 'in', productIds)
    .where('currency', '=', currency)
    .where((eb) => eb.or([eb('valid_from', 'is', null), eb('valid_from', '<=', at)]))
    .where((eb) => eb.or([eb('valid_until', 'is', null), eb('valid_until', '>', at)]))
    .orderBy('effective_minor')
    .orderBy('id')
  const fees = db
    .selectFrom('item_fees')
    .select(['id', 'product_id', 'name', 'fee_type', 'amount_minor', 'currency'])
    .where('product_id', 'in', productIds)
    .where('site_code', '=', siteCode)
    .orderBy('id')
  // Variants only for lines that name one (`in ()` is no SQL).
  const rows = await readTogether(db, {
    products,
    names,
    prices,
    fees,
    variants: variantIds.length > 0 ? variants : undefined,
  })
  return {
    ...rows,
    variants: rows.variants ?? [],
    prices: rows.prices.sort((a, b) => a.effective_minor - b.effective_minor || compareText(a.id, b.id)),
    fees: rows.fees.sort((a, b) => compareText(a.id, b.id)),
  }
}
