import { type Kysely, SqliteAdapter, sql } from 'kysely'

/**
 * SQLite: the FTS5 table's `language` column becomes indexed, so a search selects its language inside the
 * full-text match (`language : en AND {name body} : …`) instead of reading every match's row to filter it:
 * at 100,000 products the live search ranks and counts only the shopper's language (docs/decisions/0005).
 * The table is recreated empty; `ensureSearchIndex` rebuilds it at start-up. PostgreSQL: nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return
  await sql`drop table if exists search_fts`.execute(db)
  await sql`create virtual table search_fts using fts5(
    product_id unindexed, language, name, body,
    tokenize = 'porter unicode61 remove_diacritics 2'
  )`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return
  await sql`drop table if exists search_fts`.execute(db)
  await sql`create virtual table search_fts using fts5(
    product_id unindexed, language unindexed, name, body,
    tokenize = 'porter unicode61 remove_diacritics 2'
  )`.execute(db)
}
