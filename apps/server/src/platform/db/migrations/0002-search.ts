import { type Kysely, SqliteAdapter, sql } from 'kysely'

/**
 * Search index (docs/decisions/0005-search.md) and the indexes the catalogue's filters and sorts need (0015).
 * The full-text part is engine-specific by nature: an FTS5 table on SQLite, a tsvector table with a GIN
 * index (plus pg_trgm) on PostgreSQL. The vocabulary of indexed words (for typo tolerance) is common.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter

  await db.schema
    .createTable('search_terms')
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('term', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_terms_pk', ['language', 'term'])
    .execute()

  if (sqlite) {
    // Name weighs more than the description (bm25 column weights); German text is stemmed in JS before it
    // is stored, English by FTS5's porter tokenizer.
    await sql`create virtual table search_fts using fts5(
      product_id unindexed, language unindexed, name, body,
      tokenize = 'porter unicode61 remove_diacritics 2'
    )`.execute(db)
  } else {
    await sql`create extension if not exists pg_trgm`.execute(db)
    await sql`create table search_documents (
      product_id text not null references products(id) on delete cascade,
      language text not null,
      document tsvector not null,
      primary key (product_id, language)
    )`.execute(db)
    await sql`create index search_documents_document on search_documents using gin (document)`.execute(db)
    await sql`create index search_terms_trgm on search_terms using gin (term gin_trgm_ops)`.execute(db)
  }

  // Catalogue filters and sorts: price filter of search, product lookups by category, text lookups.
  await db.schema
    .createIndex('prices_currency_amount')
    .on('prices')
    .columns(['currency', 'effective_minor', 'product_id'])
    .execute()
  await db.schema
    .createIndex('category_assignments_category')
    .on('category_assignments')
    .columns(['category_id', 'position', 'product_id'])
    .execute()
  await db.schema
    .createIndex('product_texts_lower_name')
    .on('product_texts')
    .expression(sql`language, lower(name), product_id`)
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists search_fts`.execute(db)
  await sql`drop table if exists search_documents`.execute(db)
  await db.schema.dropTable('search_terms').ifExists().execute()
}
