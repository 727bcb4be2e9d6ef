import { sql } from 'kysely'
import { type BulkColumn, bulkRows } from '../../platform/db/bulk-rows.ts'
import type { Db, Engine } from '../../platform/db/database.ts'
import type { Posting, TermRow } from './search-index.ts'
import { indexedDeletions } from './text.ts'

const LOOKUP_BATCH = 500
/** Rows per bulk insert statement (one JSON or array parameter per column, not one per value). */
const INSERT_BATCH = 20_000

/** Rows into a table in few statements, thousands per statement (platform/db/bulk-rows.ts). */
// writes: search_postings, search_terms, search_typos
async function bulkInsert(
  db: Db,
  table: 'search_postings' | 'search_terms' | 'search_typos',
  columns: BulkColumn[],
  rows: unknown[][],
  onConflict = sql``,
): Promise<void> {
  const names = sql.join(columns.map((c) => sql.ref(c.name)))
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    const batch = bulkRows(db, columns, rows.slice(i, i + INSERT_BATCH))
    await sql`insert into ${sql.table(table)} (${names}) ${batch} ${onConflict}`.execute(db)
  }
}

const text = (name: string) => ({ name, type: 'text' as const })
const integer = (name: string) => ({ name, type: 'integer' as const })

export async function clearIndex(db: Db): Promise<void> {
  await sql`delete from search_postings`.execute(db)
  await sql`delete from search_terms`.execute(db)
  await sql`delete from search_typos`.execute(db)
}

export async function insertPostings(db: Db, postings: Posting[]): Promise<void> {
  await bulkInsert(
    db,
    'search_postings',
    [text('language'), text('term'), integer('weight'), text('product_id')],
    postings.map((p) => [p.language, p.term, p.weight, p.productId]),
  )
}

/** The products' postings deleted; answers the language and term of each (a term once per product holding it). */
export async function deletePostingsOf(db: Db, productIds: string[]): Promise<Array<[string, string]>> {
  const terms: Array<[string, string]> = []
  for (let i = 0; i < productIds.length; i += LOOKUP_BATCH) {
    const ids = productIds.slice(i, i + LOOKUP_BATCH)
    const { rows } = await sql<{ language: string; term: string }>`delete from search_postings
      where product_id in (${sql.join(ids)}) returning language, term`.execute(db)
    for (const r of rows) terms.push([r.language, r.term])
  }
  return terms
}

/**
 * Vocabulary rows written: `set` replaces a term's product count (a full rebuild), `add` adds the (signed)
 * figure to it, a term new to the vocabulary starting at it. Rows of a positive figure get their typo deletions
 * (a term that only lost products has them already).
 */
export async function upsertTerms(db: Db, rows: TermRow[], counts: 'set' | 'add'): Promise<void> {
  const products = counts === 'set' ? sql`excluded.products` : sql`search_terms.products + excluded.products`
  await bulkInsert(
    db,
    'search_terms',
    [text('language'), text('term'), text('stem'), integer('products')],
    rows.map((r) => [r.language, r.term, r.stem, r.products]),
    sql`on conflict (language, term) do update set products = ${products}`,
  )
  const typos = rows
    .filter((r) => r.products > 0)
    .flatMap((r) => indexedDeletions(r.term).map((v) => [r.language, v, r.term]))
  await bulkInsert(
    db,
    'search_typos',
    [text('language'), text('variant'), text('term')],
    typos,
    sql`on conflict do nothing`,
  )
}

/** Those of the terms that no product holds any more, deleted with their typo deletions. */
export async function deleteEmptyTerms(db: Db, language: string, terms: string[]): Promise<void> {
  for (let i = 0; i < terms.length; i += LOOKUP_BATCH) {
    const { rows } = await sql<{ term: string }>`delete from search_terms where language = ${language}
      and term in (${sql.join(terms.slice(i, i + LOOKUP_BATCH))}) and products <= 0 returning term`.execute(
      db,
    )
    const variants = rows.flatMap((r) => indexedDeletions(r.term).map((v) => sql`(${v}, ${r.term})`))
    for (let j = 0; j < variants.length; j += LOOKUP_BATCH)
      await sql`delete from search_typos where language = ${language}
        and (variant, term) in (values ${sql.join(variants.slice(j, j + LOOKUP_BATCH))})`.execute(db)
  }
}

export async function hasIndex(db: Db): Promise<boolean> {
  const { rows } = await sql`select 1 as x from search_postings limit 1`.execute(db)
  return rows.length > 0
}

/** Code and category ids of the published products among `ids` (all when absent), for the index. */
export async function findIndexSources(db: Db, ids?: string[]) {
  const products: Array<{ id: string; code: string }> = []
  const assignments: Array<{ product_id: string; category_id: string }> = []
  const batches = ids
    ? Array.from({ length: Math.ceil(ids.length / LOOKUP_BATCH) }, (_, i) =>
        ids.slice(i * LOOKUP_BATCH, (i + 1) * LOOKUP_BATCH),
      )
    : [undefined]
  for (const batch of batches) {
    const only = (column: string) => (batch ? sql`and ${sql.ref(column)} in (${sql.join(batch)})` : sql``)
    const p = await sql<{ id: string; code: string }>`select id, code from products
      where published = 1 ${only('id')}`.execute(db)
    products.push(...p.rows)
    const a = await sql<{ product_id: string; category_id: string }>`select product_id, category_id
      from category_assignments where 1 = 1 ${only('product_id')}`.execute(db)
    assignments.push(...a.rows)
  }
  return { products, assignments }
}

/**
 * SQLite never gathers planner statistics by itself; without them it may walk the `published` index
 * instead of the primary key for an id list. `PRAGMA optimize` (0x10000: also tables never analysed)
 * is cheap when nothing changed. PostgreSQL's autovacuum does this on its own (docs/decisions/0016).
 */
export async function refreshPlannerStatistics(db: Db, engine: Engine): Promise<void> {
  if (engine === 'sqlite') await sql`pragma optimize = 0x10002`.execute(db)
}
