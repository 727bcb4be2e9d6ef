import { type Kysely, sql } from 'kysely'

/**
 * Newest first breaks ties of `created_at` by id descending, so a keyset page reads on from the cursor with one
 * row comparison, `(created_at, id) < (key, cursor)`, a single range of `(published, created_at, id)` walked
 * backwards. Under `(published, created_at desc, id)` the mixed directions allowed no such bound, and a page
 * after a cursor walked every product of the cursor's timestamp up to it, thousands after a bulk import
 * (docs/decisions/0087). The table is analysed again: SQLite plans by the statistics of each index, and the new
 * one has none until then (docs/decisions/0016).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('products_published_newest').execute()
  await db.schema
    .createIndex('products_published_newest')
    .on('products')
    .columns(['published', 'created_at', 'id'])
    .execute()
  await sql`analyze products`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('products_published_newest').execute()
  await db.schema
    .createIndex('products_published_newest')
    .on('products')
    .expression(sql`published, created_at desc, id`)
    .execute()
}
