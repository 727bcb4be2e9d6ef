import { sql } from 'kysely'
import type { Db } from '../../platform/db/database.ts'

/** The SQL of refunds and the order's timeline (migration 0029, docs/decisions/0064-refunds-and-timeline.md). */
export interface OrderRefundRow {
  id: string
  order_id: string
  key: string
  amount_minor: number
  /** JSON: [{line, quantity}] */
  lines: string
  restocked: number
  reason: string
  actor_email: string
  created_at: string
}

export interface OrderEventRow {
  id: string
  order_id: string
  at: string
  kind: string
  actor: string
  /** JSON */
  data: string
}

const refundDb = (db: Db) => db.withTables<{ order_refunds: OrderRefundRow; order_events: OrderEventRow }>()

export function findRefundByKey(db: Db, key: string) {
  return refundDb(db).selectFrom('order_refunds').selectAll().where('key', '=', key).executeTakeFirst()
}

export function findRefunds(db: Db, orderId: string) {
  return refundDb(db)
    .selectFrom('order_refunds')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

/** Takes the order's row lock for the transaction (a no-op write), so refunds of one order run one at a time. */
export async function lockOrder(db: Db, orderId: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ refunded_minor: sql<number>`refunded_minor` })
    .where('id', '=', orderId)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function insertRefund(db: Db, row: OrderRefundRow) {
  await refundDb(db).insertInto('order_refunds').values(row).execute()
}

export async function addRefunded(db: Db, orderId: string, amountMinor: number, payment: string) {
  await db
    .updateTable('orders')
    .set({ refunded_minor: sql<number>`refunded_minor + ${amountMinor}`, payment })
    .where('id', '=', orderId)
    .execute()
}

export async function insertEvent(db: Db, row: OrderEventRow) {
  await refundDb(db).insertInto('order_events').values(row).execute()
}

export function findEvents(db: Db, orderId: string) {
  return refundDb(db)
    .selectFrom('order_events')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('at')
    .orderBy('id')
    .execute()
}
