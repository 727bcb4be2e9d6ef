import { SqliteAdapter } from 'kysely'
import { compiledOnce } from '../../platform/db/compiled-once.ts'
import type { Db } from '../../platform/db/database.ts'
import type { OrderEntriesTable, OrdersTable } from '../../platform/db/schema.ts'

/** The columns a new order is written with (its refunds start at the column's default, 0). */
export type NewOrderRow = Omit<OrdersTable, 'refunded_minor' | 'language'> & { language: string | null }

/**
 * Writes the order row and its entries. On PostgreSQL an order of one line, the most common, goes in one statement
 * (the row inserted by a `with` clause, the entry by the statement): one round trip fewer (docs/decisions/0094).
 * SQLite has no inserting `with` clause, and a statement there costs no round trip.
 */
export async function insertOrder(db: Db, order: NewOrderRow, entries: OrderEntriesTable[]): Promise<void> {
  const [only] = entries
  if (only && entries.length === 1 && !(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await insertOrderWithEntry.run(db, {
      ...prefixed('order_', ORDER_COLUMNS, order),
      ...prefixed('entry_', ENTRY_COLUMNS, only),
    })
    return
  }
  await insertOrderRow.run(db, order)
  if (only && entries.length === 1) await insertOneEntry.run(db, only)
  else if (entries.length) await db.insertInto('order_entries').values(entries).execute()
}

const ORDER_COLUMNS = [
  'id',
  'status',
  'site_code',
  'cart_id',
  'customer_id',
  'session_id',
  'email',
  'currency',
  'subtotal_minor',
  'discount_minor',
  'fees_minor',
  'tax_minor',
  'shipping_minor',
  'total_minor',
  'customer',
  'addresses',
  'shipping',
  'payment',
  'discounts',
  'created_at',
  'language',
] as const satisfies ReadonlyArray<keyof NewOrderRow>
const ENTRY_COLUMNS = [
  'order_id',
  'line',
  'item_yrn',
  'product_id',
  'variant_id',
  'name',
  'quantity',
  'unit_price_minor',
  'total_minor',
] as const satisfies ReadonlyArray<keyof OrderEntriesTable>

// Every column of each row is written: a column added to the row type and not listed here fails the typecheck.
const allOrderColumns: Exclude<keyof NewOrderRow, (typeof ORDER_COLUMNS)[number]> extends never
  ? true
  : false = true
const allEntryColumns: Exclude<keyof OrderEntriesTable, (typeof ENTRY_COLUMNS)[number]> extends never
  ? true
  : false = true
void allOrderColumns
void allEntryColumns

/** Each column's value, named: a statement compiled once lists its columns (it cannot spread its values). */
const columnsOf = <T extends object>(columns: ReadonlyArray<keyof T>, values: T) =>
  Object.fromEntries(columns.map((column) => [column, values[column]])) as T

// Every order writes these: compiled once (docs/decisions/0091). An order of one line, the most common, has its
// entry's statement compiled once too; longer orders' entries go in one statement built per call.
const insertOrderRow = compiledOnce((db, order: NewOrderRow) =>
  db.insertInto('orders').values(columnsOf(ORDER_COLUMNS, order)),
)
const insertOneEntry = compiledOnce((db, entry: OrderEntriesTable) =>
  db.insertInto('order_entries').values(columnsOf(ENTRY_COLUMNS, entry)),
)
/** The row's and the entry's values in one flat set (a statement compiled once names each value). */
const prefixed = (prefix: string, columns: readonly string[], values: object) =>
  Object.fromEntries(columns.map((c) => [`${prefix}${c}`, (values as Record<string, unknown>)[c]]))
const unprefixed = <T>(prefix: string, columns: readonly string[], values: Record<string, unknown>) =>
  Object.fromEntries(columns.map((c) => [c, values[`${prefix}${c}`]])) as T
const insertOrderWithEntry = compiledOnce((db, v: Record<string, unknown>) =>
  db
    .with('new_order', (w) =>
      w.insertInto('orders').values(unprefixed<NewOrderRow>('order_', ORDER_COLUMNS, v)),
    )
    .insertInto('order_entries')
    .values(unprefixed<OrderEntriesTable>('entry_', ENTRY_COLUMNS, v)),
)

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
