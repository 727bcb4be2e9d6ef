import { type Kysely, sql } from 'kysely'

/**
 * Newest-first listings walk `(published, created_at desc, id)` and stop after the page: the index carries
 * the id tie-break too, so neither engine sorts products of equal creation time any more (before: a
 * temporary B-tree / incremental sort over whole groups of equal `created_at`, which a bulk import makes
 * large). It replaces `products_created (published, created_at)`, which it serves in both directions
 * (PostgreSQL kept choosing the old one plus an incremental sort). A large category filter is probed per
 * walked product through the assignments' existing indexes (docs/decisions/0015).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('products_published_newest')
    .on('products')
    .expression(sql`published, created_at desc, id`)
    .execute()
  await db.schema.dropIndex('products_created').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('products_created')
    .on('products')
    .columns(['published', 'created_at'])
    .execute()
  await db.schema.dropIndex('products_published_newest').execute()
}
