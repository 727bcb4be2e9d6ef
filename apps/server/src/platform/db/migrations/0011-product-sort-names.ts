import { type Kysely, SqliteAdapter, sql } from 'kysely'

/**
 * Name sorts in every language walk an index (docs/decisions/0012-product-sort-names.md).
 * `product_sort_names` holds, per product and per language of `product_sort_languages` (every language any
 * product text has, plus English), the key the list sorts by: `lower(coalesce(name in that language, English
 * name))`, with the same `lower()` as the English sort always used. Triggers on `product_texts` keep both
 * tables current whoever writes the texts (seed, bench generator, fixtures, a future admin): SQLite row
 * triggers, PostgreSQL statement triggers over the transition tables (one refresh per bulk insert). The
 * existing texts are backfilled here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter
  await db.schema
    .createTable('product_sort_languages')
    .addColumn('language', 'text', (c) => c.primaryKey())
    .execute()
  await db.schema
    .createTable('product_sort_names')
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('sort_name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_sort_names_pk', ['product_id', 'language'])
    .execute()
  await db.schema
    .createIndex('product_sort_names_order')
    .on('product_sort_names')
    .columns(['language', 'sort_name', 'product_id'])
    .unique()
    .execute()

  await sql`insert into product_sort_languages (language) values ('en')`.execute(db)
  await sql`insert into product_sort_languages (language)
    select distinct language from product_texts where language <> 'en'`.execute(db)
  await sql`insert into product_sort_names (product_id, language, sort_name)
    select p.id, l.language, lower(coalesce(t.name, e.name))
    from products p cross join product_sort_languages l
    left join product_texts t on t.product_id = p.id and t.language = l.language
    left join product_texts e on e.product_id = p.id and e.language = 'en'
    where coalesce(t.name, e.name) is not null`.execute(db)

  if (sqlite) await createSqliteTriggers(db)
  else await createPostgresTriggers(db)
}

/** The keys of one product in every sort language (none once the product or all its texts are gone). */
const refreshSqlite = (product: string) => `
    delete from product_sort_names where product_id = ${product};
    insert into product_sort_names (product_id, language, sort_name)
      select p.id, l.language, lower(coalesce(t.name, e.name))
      from products p cross join product_sort_languages l
      left join product_texts t on t.product_id = p.id and t.language = l.language
      left join product_texts e on e.product_id = p.id and e.language = 'en'
      where p.id = ${product} and coalesce(t.name, e.name) is not null;`

/** The keys of every product in a language seen for the first time; the language becomes a sort language. */
const registerSqlite = `
    insert into product_sort_names (product_id, language, sort_name)
      select p.id, NEW.language, lower(coalesce(t.name, e.name))
      from products p
      left join product_texts t on t.product_id = p.id and t.language = NEW.language
      left join product_texts e on e.product_id = p.id and e.language = 'en'
      where coalesce(t.name, e.name) is not null;
    insert into product_sort_languages (language) values (NEW.language);`

/**
 * Row triggers. The new-language backfill is a trigger of its own whose WHEN clause is checked once per
 * row (inside the body the check would be evaluated per scanned text: quadratic bulk inserts). Either
 * trigger may fire first: the backfill writes only the new language, which the refresh leaves alone until
 * it is registered.
 */
async function createSqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const isNew = 'not exists (select 1 from product_sort_languages where language = NEW.language)'
  for (const event of ['insert', 'update of language']) {
    await sql
      .raw(`create trigger product_texts_sort_language_${event.split(' ')[0]} after ${event} on product_texts
    when ${isNew} begin ${registerSqlite}
  end`)
      .execute(db)
  }
  await sql
    .raw(`create trigger product_texts_sort_insert after insert on product_texts begin
    ${refreshSqlite('NEW.product_id')}
  end`)
    .execute(db)
  await sql
    .raw(`create trigger product_texts_sort_update after update of product_id, language, name on product_texts begin
    ${refreshSqlite('OLD.product_id')}
    ${refreshSqlite('NEW.product_id')}
  end`)
    .execute(db)
  await sql
    .raw(`create trigger product_texts_sort_delete after delete on product_texts begin
    ${refreshSqlite('OLD.product_id')}
  end`)
    .execute(db)
}

async function createPostgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create function product_sort_names_refresh(ids text[], languages text[]) returns void
    language plpgsql as $$
    begin
      with added as (
        insert into product_sort_languages (language)
        select distinct l from unnest(languages) l
        on conflict do nothing
        returning language
      )
      insert into product_sort_names (product_id, language, sort_name)
        select e.product_id, a.language, lower(e.name)
        from added a join product_texts e on e.language = 'en'
        where e.product_id <> all (ids)
        on conflict do nothing;
      delete from product_sort_names where product_id = any (ids);
      insert into product_sort_names (product_id, language, sort_name)
        select p.id, l.language, lower(coalesce(t.name, e.name))
        from products p cross join product_sort_languages l
        left join product_texts t on t.product_id = p.id and t.language = l.language
        left join product_texts e on e.product_id = p.id and e.language = 'en'
        where p.id = any (ids) and coalesce(t.name, e.name) is not null
        -- a concurrent refresh of the same product may have inserted its key since this delete's snapshot
        on conflict (product_id, language) do update set sort_name = excluded.sort_name;
    end $$`.execute(db)
  await sql`create function product_texts_sort_inserted() returns trigger language plpgsql as $$
    begin
      perform product_sort_names_refresh(
        array(select distinct product_id from new_rows), array(select distinct language from new_rows));
      return null;
    end $$`.execute(db)
  await sql`create function product_texts_sort_updated() returns trigger language plpgsql as $$
    begin
      perform product_sort_names_refresh(
        array(select product_id from old_rows union select product_id from new_rows),
        array(select distinct language from new_rows));
      return null;
    end $$`.execute(db)
  await sql`create function product_texts_sort_deleted() returns trigger language plpgsql as $$
    begin
      perform product_sort_names_refresh(array(select distinct product_id from old_rows), '{}');
      return null;
    end $$`.execute(db)
  await sql`create trigger product_texts_sort_insert after insert on product_texts
    referencing new table as new_rows for each statement execute function product_texts_sort_inserted()`.execute(
    db,
  )
  await sql`create trigger product_texts_sort_update after update on product_texts
    referencing old table as old_rows new table as new_rows
    for each statement execute function product_texts_sort_updated()`.execute(db)
  await sql`create trigger product_texts_sort_delete after delete on product_texts
    referencing old table as old_rows for each statement execute function product_texts_sort_deleted()`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter
  const triggers = ['insert', 'update', 'delete', ...(sqlite ? ['language_insert', 'language_update'] : [])]
  for (const event of triggers) {
    await sql
      .raw(`drop trigger if exists product_texts_sort_${event}${sqlite ? '' : ' on product_texts'}`)
      .execute(db)
  }
  if (!sqlite) {
    for (const fn of [
      'product_texts_sort_inserted()',
      'product_texts_sort_updated()',
      'product_texts_sort_deleted()',
    ])
      await sql.raw(`drop function if exists ${fn}`).execute(db)
    await sql`drop function if exists product_sort_names_refresh(text[], text[])`.execute(db)
  }
  await db.schema.dropTable('product_sort_names').execute()
  await db.schema.dropTable('product_sort_languages').execute()
}
