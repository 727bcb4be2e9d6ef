import { type RawBuilder, SqliteAdapter, sql } from 'kysely'
import type { Db } from '../../platform/db/database.ts'
import { escapeLike } from '../../platform/db/like.ts'
import { countStaffProducts, findStaffPageIds, type StaffListCriteria } from './staff-list.repository.ts'

/**
 * The back office's product search (docs/decisions/0035-staff-search.md, 0070-staff-search-trigrams.md): the
 * products whose SKU starts with q or whose name (any language) holds it are found once through indexes
 * (migration 0038), materialised, then only they are sorted and counted, in one statement.
 */

/** The shortest text a trigram index answers; shorter ones read every name. */
const TRIGRAM = 3

const isSqlite = (db: Db) => db.getExecutor().adapter instanceof SqliteAdapter

function matches(db: Db, q: string): RawBuilder<unknown> {
  const sqlite = isSqlite(db)
  const lowered = q.toLowerCase()
  const term = escapeLike(lowered)
  const like = `%${term}%`
  const names = !sqlite
    ? // pg_trgm's index answers this pattern; below three characters, a read of every name.
      sql`select product_id from product_texts where lower(name) like ${like} escape '\\'`
    : [...lowered].length >= TRIGRAM
      ? // The FTS5 trigram index: a quoted phrase is the literal text, found anywhere in a name, any case.
        sql`select s.product_id from product_name_trigrams t join product_name_search s on s.id = t.rowid
          where product_name_trigrams match ${`"${lowered.replaceAll('"', '""')}"`}`
      : // A read of every name, in the mirror of the names (no descriptions: under half the pages of the texts).
        sql`select product_id from product_name_search where lower(name) like ${like} escape '\\'`
  // SQLite: a range on the index of lower(code), which LIKE cannot walk; PostgreSQL walks LIKE's prefix.
  const skus = sqlite
    ? sql`select id from products where lower(code) >= ${lowered} and lower(code) < ${`${lowered}\u{10FFFF}`}`
    : sql`select id from products where lower(code) like ${`${term}%`} escape '\\'`
  // Not `union`: SQLite merges the two in id order by reading every name along the primary key (10× slower).
  return sql`select distinct id from (${skus} union all ${names}) found`
}

/** The join from the matches m and the order of each sort, the same order as findStaffPageIds gives without q. */
function ordering(c: StaffListCriteria): { join: RawBuilder<unknown>; order: RawBuilder<unknown> } {
  const dir = sql.raw(c.order === 'asc' ? 'asc' : 'desc')
  const product = sql`join products p on p.id = m.id`
  switch (c.sort) {
    case 'name':
      return {
        join: sql`join product_sort_names s on s.product_id = m.id and s.language = ${c.language}`,
        order: sql`s.sort_name ${dir}, m.id ${dir}`,
      }
    case 'sku':
      return { join: product, order: sql`p.code ${dir}, m.id ${dir}` }
    case 'stock':
      return { join: product, order: sql`p.stock ${dir}, m.id ${dir}` }
    case 'created':
      return { join: product, order: sql`p.created_at ${dir}, m.id ${dir}` }
    case 'price': {
      // Ascending: the priced by price, then the unpriced by id; descending: the unpriced by id first.
      const unpricedFirst = sql.raw(c.order === 'asc' ? 'asc' : 'desc')
      return {
        join: sql`left join prices pr on pr.product_id = m.id and pr.currency = ${c.currency}
          and pr.variant_id is null`,
        order: sql`case when pr.effective_minor is null then 1 else 0 end ${unpricedFirst},
          pr.effective_minor ${dir}, case when pr.effective_minor is null then m.id end asc, m.id ${dir}`,
      }
    }
  }
}

/** One page of the products matching q in the list's order, with how many match in all. */
export async function findStaffSearchPage(
  db: Db,
  c: StaffListCriteria & { q: string },
): Promise<{ ids: string[]; total: number }> {
  const { join, order } = ordering(c)
  const offset = (c.page - 1) * c.pageSize
  const { rows } = await sql<{ id: string; total: number | string }>`
    with m(id) as materialized (${matches(db, c.q)})
    select m.id, count(*) over () as total from m ${join}
    order by ${order} limit ${c.pageSize} offset ${offset}`.execute(db)
  if (rows.length > 0 || offset === 0)
    return { ids: rows.map((r) => r.id), total: Number(rows[0]?.total ?? 0) }
  // Past the last page: no row carries the total, so count on its own.
  const { rows: count } = await sql<{ n: number | string }>`
    with m(id) as materialized (${matches(db, c.q)})
    select count(*) as n from m ${join}`.execute(db)
  return { ids: [], total: Number(count[0]?.n ?? 0) }
}

/** One page of the staff list with its total: the search's statement with q, the sort index's walk without. */
export async function findStaffPage(db: Db, c: StaffListCriteria): Promise<{ ids: string[]; total: number }> {
  const { q } = c
  if (q) return findStaffSearchPage(db, { ...c, q })
  const [ids, total] = await Promise.all([findStaffPageIds(db, c), countStaffProducts(db)])
  return { ids, total }
}
