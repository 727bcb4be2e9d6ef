import type { Db } from '../../platform/db/database.ts'

/** The batch reads behind pricing: one query per table, whatever the number of lines. */
export function findProducts(db: Db, ids: string[]) {
  return db
    .selectFrom('products')
    .select(['id', 'code', 'published', 'has_variants', 'stock', 'tax_code', 'tax_codes', 'media'])
    .where('id', 'in', ids)
    .execute()
}

export function findProductNames(db: Db, ids: string[], languages: string[]) {
  return db
    .selectFrom('product_texts')
    .select(['product_id', 'language', 'name'])
    .where('product_id', 'in', ids)
    .where('language', 'in', languages)
    .execute()
}

export function findVariants(db: Db, ids: string[]) {
  return db
    .selectFrom('variants')
    .select(['id', 'product_id', 'options', 'stock', 'media'])
    .where('id', 'in', ids)
    .execute()
}

export function findPrices(db: Db, productIds: string[], currency: string, at: string) {
  return db
    .selectFrom('prices')
    .select(['id', 'product_id', 'variant_id', 'effective_minor', 'original_minor'])
    .where('product_id', 'in', productIds)
    .where('currency', '=', currency)
    .where((eb) => eb.or([eb('valid_from', 'is', null), eb('valid_from', '<=', at)]))
    .where((eb) => eb.or([eb('valid_until', 'is', null), eb('valid_until', '>', at)]))
    .orderBy('effective_minor')
    .orderBy('id')
    .execute()
}

export function findItemFees(db: Db, productIds: string[], siteCode: string) {
  return db
    .selectFrom('item_fees')
    .select(['id', 'product_id', 'name', 'fee_type', 'amount_minor', 'currency'])
    .where('product_id', 'in', productIds)
    .where('site_code', '=', siteCode)
    .orderBy('id')
    .execute()
}
