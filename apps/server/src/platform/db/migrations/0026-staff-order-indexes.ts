import type { Kysely } from 'kysely'

/**
 * The staff order list (docs/decisions/0057-staff-orders.md) pages newest first, over all orders or one status
 * or one site, along an index; a total range reads the total's index; the e-mail search reads the e-mail index's
 * keys. Parity rules of 0001 apply.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('orders_staff_created').on('orders').columns(['created_at', 'id']).execute()
  await db.schema
    .createIndex('orders_staff_status')
    .on('orders')
    .columns(['status', 'created_at', 'id'])
    .execute()
  await db.schema
    .createIndex('orders_staff_site')
    .on('orders')
    .columns(['site_code', 'created_at', 'id'])
    .execute()
  await db.schema.createIndex('orders_staff_email').on('orders').columns(['email', 'created_at']).execute()
  await db.schema
    .createIndex('orders_staff_total')
    .on('orders')
    .columns(['total_minor', 'created_at'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'orders_staff_email',
    'orders_staff_site',
    'orders_staff_status',
    'orders_staff_created',
  ])
    await db.schema.dropIndex(name).execute()
}
