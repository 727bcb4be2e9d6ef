import { sql } from 'kysely'
import type { Db } from '../../platform/db/database.ts'

/**
 * The dashboard's figures of orders (docs/decisions/0069-dashboard.md), one grouped query each over the range of
 * `orders_staff_site` (site, created_at): declined orders left out, refunds taken off.
 */
export interface Period {
  site: string
  /** ISO instants: from inclusive, until exclusive. */
  from: string
  until: string
}

export function salesPerDay(db: Db, p: Period) {
  return db
    .selectFrom('orders')
    .select((eb) => [
      sql<string>`substr(created_at, 1, 10)`.as('day'),
      eb.fn.countAll<number>().as('orders'),
      sql<number>`sum(total_minor - refunded_minor)`.as('sales'),
    ])
    .where('site_code', '=', p.site)
    .where('created_at', '>=', p.from)
    .where('created_at', '<', p.until)
    .where('status', '<>', 'DECLINED')
    .groupBy(sql`substr(created_at, 1, 10)`)
    .orderBy(sql`substr(created_at, 1, 10)`)
    .execute()
}

export function topProducts(db: Db, p: Period, limit: number) {
  return db
    .selectFrom('order_entries as e')
    .innerJoin('orders as o', 'o.id', 'e.order_id')
    .select((eb) => [
      'e.product_id as productId',
      eb.fn.min('e.name').as('name'),
      eb.fn.sum<number>('e.quantity').as('units'),
      eb.fn.sum<number>('e.total_minor').as('sales'),
    ])
    .where('o.site_code', '=', p.site)
    .where('o.created_at', '>=', p.from)
    .where('o.created_at', '<', p.until)
    .where('o.status', '<>', 'DECLINED')
    .groupBy('e.product_id')
    .orderBy(sql`sum(e.total_minor)`, 'desc')
    .orderBy('e.product_id')
    .limit(limit)
    .execute()
}
