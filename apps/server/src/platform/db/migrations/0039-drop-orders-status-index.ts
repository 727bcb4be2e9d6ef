import type { Kysely } from 'kysely'

/**
 * `orders_status (status, created_at)` is the first two columns of `orders_staff_status (status, created_at, id)`
 * (migration 0026): every read it served, the longer index serves. Each order placed wrote both (docs/decisions/0078).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_status').ifExists().execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('orders_status').on('orders').columns(['status', 'created_at']).execute()
}
