import { type Kysely, SqliteAdapter, sql } from 'kysely'

/**
 * The search module's own token index (docs/decisions/0032-search-token-index.md), the same tables on both
 * engines, replacing the engine-specific full-text tables of 0002:
 * - `search_terms`: the vocabulary per language (folded words of names, descriptions, codes and category
 *   names), each with its stem and how many products hold it;
 * - `search_postings`: which products hold a term, with the weight of the best field it is in; the key leads
 *   with (language, term, weight) so that a term's best products are an index range read in order;
 * - `search_typos`: vocabulary terms under their deletions (symmetric deletion), for typo candidates.
 * Terms are compared bytewise (`collate "C"` on PostgreSQL, SQLite's default) so a prefix is a key range.
 * The index is rebuilt at start-up when it is empty (ensureSearchIndex).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter
  await sql`drop table if exists search_fts`.execute(db)
  await sql`drop table if exists search_documents`.execute(db)
  await sql`drop table if exists search_terms`.execute(db)
  const text = sqlite ? sql`text` : sql`text collate "C"`
  const withoutRowid = sqlite ? sql`without rowid` : sql``
  await sql`create table search_terms (
    language text not null,
    term ${text} not null,
    stem ${text} not null,
    products integer not null,
    primary key (language, term)
  ) ${withoutRowid}`.execute(db)
  await sql`create index search_terms_stem on search_terms (language, stem)`.execute(db)
  await sql`create table search_postings (
    language text not null,
    term ${text} not null,
    weight integer not null,
    product_id text not null,
    primary key (language, term, weight, product_id)
  ) ${withoutRowid}`.execute(db)
  // A product's postings: the other words' lookups per candidate, and a product's reindex.
  await sql`create index search_postings_product on search_postings (product_id, language, term, weight)`.execute(
    db,
  )
  await sql`create table search_typos (
    language text not null,
    variant ${text} not null,
    term ${text} not null,
    primary key (language, variant, term)
  ) ${withoutRowid}`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists search_typos`.execute(db)
  await sql`drop table if exists search_postings`.execute(db)
  await sql`drop table if exists search_terms`.execute(db)
}
