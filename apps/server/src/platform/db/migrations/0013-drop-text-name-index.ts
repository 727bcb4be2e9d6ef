import { type Kysely, sql } from 'kysely'

/**
 * Since migration 0011 every name sort walks `product_sort_names`; nothing reads the
 * (language, lower(name), product_id) expression index of `product_texts` any more (no query orders or filters by
 * `lower(name)` of a text), so it only cost every text write and the disk. Dropped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('product_texts_lower_name').ifExists().execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('product_texts_lower_name')
    .on('product_texts')
    .expression(sql`language, lower(name), product_id`)
    .execute()
}
