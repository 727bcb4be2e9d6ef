import type { Db } from '../../platform/db/database.ts'

export function findFees(db: Db, filter: { productIds?: string[]; siteCode?: string }) {
  let query = db
    .selectFrom('item_fees')
    .select(['id', 'product_id', 'site_code', 'name', 'fee_type', 'amount_minor', 'currency'])
  if (filter.productIds) query = query.where('product_id', 'in', filter.productIds)
  if (filter.siteCode) query = query.where('site_code', '=', filter.siteCode)
  return query.orderBy('name').orderBy('id').limit(500).execute()
}
