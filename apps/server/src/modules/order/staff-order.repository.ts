import type { OwnerOrderListQuery } from '@shop/contracts/order'
import { type SelectQueryBuilder, sql } from 'kysely'
import type { Db } from '../../platform/db/database.ts'
import { escapeLike } from '../../platform/db/like.ts'
import type { Database } from '../../platform/db/schema.ts'

/**
 * The staff order list (docs/decisions/0057-staff-orders.md): newest first along orders_staff_* (migration 0026),
 * every filter a condition on the orders row itself, so a page is one indexed walk and the count one more.
 */
export type OrderFilter = Omit<OwnerOrderListQuery, 'pageNumber' | 'pageSize'>

type Orders = SelectQueryBuilder<Database, 'orders', object>

/** The day after `day` (YYYY-MM-DD), so that `to` takes in the whole day. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString()

function filtered(query: Orders, f: OrderFilter): Orders {
  let q = query
  if (f.status) q = q.where('orders.status', '=', f.status)
  if (f.site) q = q.where('orders.site_code', '=', f.site)
  if (f.from) q = q.where('orders.created_at', '>=', `${f.from}T00:00:00.000Z`)
  if (f.to) q = q.where('orders.created_at', '<', dayAfter(f.to))
  if (f.minTotalMinor !== undefined) q = q.where('orders.total_minor', '>=', f.minTotalMinor)
  if (f.maxTotalMinor !== undefined) q = q.where('orders.total_minor', '<=', f.maxTotalMinor)
  if (f.q) {
    const term = escapeLike(f.q)
    // An order number is ORD- and ten capitals or digits; anything else is part of an e-mail.
    q = /^ord-/i.test(f.q)
      ? q.where(sql<boolean>`orders.id like ${`${term.toUpperCase()}%`} escape '\\'`)
      : q.where(sql<boolean>`lower(orders.email) like ${`%${term.toLowerCase()}%`} escape '\\'`)
  }
  return q
}

export function findStaffOrders(db: Db, f: OrderFilter, offset: number, limit: number) {
  return filtered(db.selectFrom('orders'), f)
    .selectAll()
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute()
}

export async function countStaffOrders(db: Db, f: OrderFilter): Promise<number> {
  const row = await filtered(db.selectFrom('orders'), f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Per currency: a customer's orders, their sum and what was refunded of them. */
export function customerTotals(db: Db, customerId: string) {
  return db
    .selectFrom('orders')
    .select((eb) => [
      'currency',
      eb.fn.countAll<number>().as('orders'),
      eb.fn.sum<number>('total_minor').as('total'),
      eb.fn.sum<number>('refunded_minor').as('refunded'),
    ])
    .where('customer_id', '=', customerId)
    .groupBy('currency')
    .orderBy('currency')
    .execute()
}
