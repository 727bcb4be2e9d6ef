import { type Kysely, SqliteAdapter, sql } from 'kysely'

/**
 * The back office's product search finds names holding a text and SKUs starting with it through indexes
 * (docs/decisions/0070-staff-search-trigrams.md), not by reading every name.
 *
 * SQLite: `product_name_search` mirrors `product_texts` (one row per product and language, kept by triggers
 * whoever writes the texts) under an INTEGER PRIMARY KEY, which VACUUM never renumbers; `product_name_trigrams`
 * is an FTS5 trigram index over its names (external content, kept by the mirror's own triggers). SKU prefixes
 * walk an index of `lower(code)`.
 *
 * PostgreSQL: a GIN index of `lower(name)` with pg_trgm (installed by migration 0002 for the shop's search)
 * answers `lower(name) like '%…%'` as written, and a `text_pattern_ops` index of `lower(code)` answers `like '…%'`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) await upSqlite(db)
  else await upPostgres(db)
}

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`create table product_name_search (
    id integer primary key,
    product_id text not null,
    language text not null,
    name text not null,
    unique (product_id, language))`.execute(db)
  await sql`create virtual table product_name_trigrams using fts5(
    name, content = 'product_name_search', content_rowid = 'id', tokenize = 'trigram')`.execute(db)
  const statements = [
    `create trigger product_name_search_insert after insert on product_name_search begin
      insert into product_name_trigrams (rowid, name) values (NEW.id, NEW.name);
    end`,
    `create trigger product_name_search_delete after delete on product_name_search begin
      insert into product_name_trigrams (product_name_trigrams, rowid, name) values ('delete', OLD.id, OLD.name);
    end`,
    `create trigger product_name_search_update after update of name on product_name_search begin
      insert into product_name_trigrams (product_name_trigrams, rowid, name) values ('delete', OLD.id, OLD.name);
      insert into product_name_trigrams (rowid, name) values (NEW.id, NEW.name);
    end`,
    `create trigger product_texts_search_insert after insert on product_texts begin
      insert into product_name_search (product_id, language, name) values (NEW.product_id, NEW.language, NEW.name);
    end`,
    `create trigger product_texts_search_delete after delete on product_texts begin
      delete from product_name_search where product_id = OLD.product_id and language = OLD.language;
    end`,
    `create trigger product_texts_search_update after update of product_id, language, name on product_texts begin
      delete from product_name_search where product_id = OLD.product_id and language = OLD.language;
      insert into product_name_search (product_id, language, name) values (NEW.product_id, NEW.language, NEW.name);
    end`,
    `insert into product_name_search (product_id, language, name) select product_id, language, name from product_texts`,
    'create index products_code_lower on products (lower(code))',
  ]
  for (const statement of statements) await sql.raw(statement).execute(db)
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`create index products_code_lower on products (lower(code) text_pattern_ops)`.execute(db)
  await sql`create index product_texts_name_trigrams on product_texts using gin (lower(name) gin_trgm_ops)`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists products_code_lower`.execute(db)
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await sql`drop index if exists product_texts_name_trigrams`.execute(db)
    return
  }
  for (const trigger of ['name_search_insert', 'name_search_delete', 'name_search_update'])
    await sql.raw(`drop trigger if exists product_${trigger}`).execute(db)
  for (const trigger of ['insert', 'delete', 'update'])
    await sql.raw(`drop trigger if exists product_texts_search_${trigger}`).execute(db)
  await sql`drop table if exists product_name_trigrams`.execute(db)
  await sql`drop table if exists product_name_search`.execute(db)
}
