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

/** The earliest `valid_from` or `valid_until` later than `at` over every price (two index lookups). */
export async function findNextPriceBoundary(db: Db, at: string): Promise<string | undefined> {
  const [from, until] = await Promise.all([
    db
      .selectFrom('prices')
      .select('valid_from as at')
      .where('valid_from', '>', at)
      .orderBy('valid_from')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('prices')
      .select('valid_until as at')
      .where('valid_until', '>', at)
      .orderBy('valid_until')
      .limit(1)
      .executeTakeFirst(),
  ])
  const times = [from?.at, until?.at].filter((t): t is string => typeof t === 'string')
  return times.sort()[0]
}
