import type { Kysely } from 'kysely'

/**
 * The answer cache (docs/decisions/0030-catalogue-answer-cache.md): one version per scope of cached answers
 * (`catalogue`), bumped by every write to what those answers show, in the writer's transaction; a cached answer
 * is served only while the version it was computed at is still the current one. The indexes let the catalogue
 * find the next instant at which a price starts or stops being valid (an answer with prices expires then)
 * without reading every price. Parity rules of 0001 apply.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cache_versions')
    .addColumn('scope', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute()
  await db
    .insertInto('cache_versions' as never)
    .values({ scope: 'catalogue', version: 1 } as never)
    .execute()
  await db.schema.createIndex('prices_valid_from').on('prices').column('valid_from').execute()
  await db.schema.createIndex('prices_valid_until').on('prices').column('valid_until').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('prices_valid_until').execute()
  await db.schema.dropIndex('prices_valid_from').execute()
  await db.schema.dropTable('cache_versions').execute()
}
