import type { Kysely } from 'kysely'

/**
 * The back office's product list (docs/decisions/0043-staff-product-api.md) pages along an index for every sort:
 * name (product_sort_names_order, migration 0011), SKU (the unique code), and these for the creation time, the
 * stock and the price in one currency. Parity rules of 0001 apply.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('products_staff_created').on('products').columns(['created_at', 'id']).execute()
  await db.schema.createIndex('products_staff_stock').on('products').columns(['stock', 'id']).execute()
  await db.schema
    .createIndex('prices_staff_order')
    .on('prices')
    .columns(['currency', 'effective_minor', 'product_id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('prices_staff_order').execute()
  await db.schema.dropIndex('products_staff_stock').execute()
  await db.schema.dropIndex('products_staff_created').execute()
}
