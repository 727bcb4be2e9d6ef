import type { Db } from '../../platform/db/database.ts'
import type { OrderEntriesTable, OrdersTable } from '../../platform/db/schema.ts'

export async function insertOrder(db: Db, order: OrdersTable, entries: OrderEntriesTable[]): Promise<void> {
  await db.insertInto('orders').values(order).execute()
  if (entries.length) await db.insertInto('order_entries').values(entries).execute()
}

export function findOrder(db: Db, id: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst()
}

export function findEntries(db: Db, orderId: string) {
  return db.selectFrom('order_entries').selectAll().where('order_id', '=', orderId).orderBy('line').execute()
}

/** A signed-in customer's orders, newest first (customer order list). */
export function listCustomerOrders(db: Db, customerId: string, offset: number, limit: number) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute()
}

export async function countCustomerOrders(db: Db, customerId: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export function findEntriesOf(db: Db, orderIds: string[]) {
  if (!orderIds.length) return Promise.resolve([])
  return db
    .selectFrom('order_entries')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('line')
    .execute()
}

/** Moves an order to `to` only from one of `from`: one guarded UPDATE, so two cancels cannot both win. */
export async function transition(db: Db, id: string, from: string[], to: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ status: to })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function setPayment(db: Db, id: string, payment: string): Promise<void> {
  await db.updateTable('orders').set({ payment }).where('id', '=', id).execute()
}

/**
 * Sign-up after purchase: the guest order placed by `sessionId` becomes the customer's. Guarded by the order
 * still being a guest order of that session; false when it is not (any more).
 */
export async function claimGuestOrder(
  db: Db,
  orderId: string,
  sessionId: string,
  customerId: string,
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ customer_id: customerId })
    .where('id', '=', orderId)
    .where('customer_id', 'is', null)
    .where('session_id', '=', sessionId)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
