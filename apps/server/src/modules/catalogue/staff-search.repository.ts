import { type RawBuilder, sql } from 'kysely'
import type { Db } from '../../platform/db/database.ts'
import { escapeLike } from '../../platform/db/like.ts'
import { countStaffProducts, findStaffPageIds, type StaffListCriteria } from './staff-list.repository.ts'

/**
 * The back office's product search (docs/decisions/0035-staff-search.md): the products whose SKU starts with q or
 * a name (any language) holds it are found once (one scan of the names, materialised), then only they are
 * sorted and counted, in one statement. Walking a sort index and testing every product against the names, as
 * the list without q does, read the whole catalogue for every page (590 ms at 100,000 products on SQLite).
 */

function matches(q: string): RawBuilder<unknown> {
  const term = escapeLike(q.toLowerCase())
  return sql`select id from products where lower(code) like ${`${term}%`} escape '\\'
    union select product_id from product_texts where lower(name) like ${`%${term}%`} escape '\\'`
}

/** The join and the order of each sort, the same order as findStaffPageIds gives without q. */
function ordering(c: StaffListCriteria): { join: RawBuilder<unknown>; order: RawBuilder<unknown> } {
  const dir = sql.raw(c.order === 'asc' ? 'asc' : 'desc')
  const none = sql``
  switch (c.sort) {
    case 'name':
      return {
        join: sql`join product_sort_names s on s.product_id = p.id and s.language = ${c.language}`,
        order: sql`s.sort_name ${dir}, p.id ${dir}`,
      }
    case 'sku':
      return { join: none, order: sql`p.code ${dir}, p.id ${dir}` }
    case 'stock':
      return { join: none, order: sql`p.stock ${dir}, p.id ${dir}` }
    case 'created':
      return { join: none, order: sql`p.created_at ${dir}, p.id ${dir}` }
    case 'price': {
      // Ascending: the priced by price, then the unpriced by id; descending: the unpriced by id first.
      const unpricedFirst = sql.raw(c.order === 'asc' ? 'asc' : 'desc')
      return {
        join: sql`left join prices pr on pr.product_id = p.id and pr.currency = ${c.currency}
          and pr.variant_id is null`,
        order: sql`case when pr.effective_minor is null then 1 else 0 end ${unpricedFirst},
          pr.effective_minor ${dir}, case when pr.effective_minor is null then p.id end asc, p.id ${dir}`,
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
    with m(id) as materialized (${matches(c.q)})
    select p.id, count(*) over () as total from m join products p on p.id = m.id ${join}
    order by ${order} limit ${c.pageSize} offset ${offset}`.execute(db)
  if (rows.length > 0 || offset === 0)
    return { ids: rows.map((r) => r.id), total: Number(rows[0]?.total ?? 0) }
  // Past the last page: no row carries the total, so count on its own.
  const { rows: count } = await sql<{ n: number | string }>`
    with m(id) as materialized (${matches(c.q)})
    select count(*) as n from m join products p on p.id = m.id ${join}`.execute(db)
  return { ids: [], total: Number(count[0]?.n ?? 0) }
}

/** One page of the staff list with its total: the search's statement with q, the sort index's walk without. */
export async function findStaffPage(db: Db, c: StaffListCriteria): Promise<{ ids: string[]; total: number }> {
  const { q } = c
  if (q) return findStaffSearchPage(db, { ...c, q })
  const [ids, total] = await Promise.all([findStaffPageIds(db, c), countStaffProducts(db)])
  return { ids, total }
}
