import type { Kysely } from 'kysely'

/**
 * The dashboard's sales per day (docs/decisions/0069-dashboard.md) read the site's orders of a period: with the
 * status and the two amounts in the index, that is a read of the index alone, not of each order's row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('orders_dashboard')
    .on('orders')
    .columns(['site_code', 'created_at', 'status', 'total_minor', 'refunded_minor'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_dashboard').execute()
}
