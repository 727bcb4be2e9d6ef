import type { Selectable } from 'kysely'
import type { Db } from '../../platform/db/database.ts'
import type { PricesTable } from '../../platform/db/schema.ts'

export type PriceRow = Selectable<PricesTable>

/** Product and variant prices of published products in one currency, valid at `at` (ISO-8601 UTC). */
export function findValidPrices(
  db: Db,
  productIds: string[],
  currency: string,
  at: string,
): Promise<PriceRow[]> {
  if (productIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('prices')
    .innerJoin('products', 'products.id', 'prices.product_id')
    .selectAll('prices')
    .where('prices.product_id', 'in', productIds)
    .where('products.published', '=', 1)
    .where('prices.currency', '=', currency)
    .where((eb) => eb.or([eb('prices.valid_from', 'is', null), eb('prices.valid_from', '<=', at)]))
    .where((eb) => eb.or([eb('prices.valid_until', 'is', null), eb('prices.valid_until', '>', at)]))
    .orderBy('prices.product_id')
    .orderBy('prices.variant_id')
    .orderBy('prices.id')
    .execute()
}
