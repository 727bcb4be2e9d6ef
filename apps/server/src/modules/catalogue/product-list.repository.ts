import { type RawBuilder, SqliteAdapter, sql } from 'kysely'
import type { Db } from '../../platform/db/database.ts'
import type { ProductRow } from '../../platform/db/schema.ts'
import { findPublishedProduct } from './product.repository.ts'
import type { ProductSort } from './product-query.ts'

/** Resolved filters: category filters already carry their subcategories. */
export interface ProductCriteria {
  idLists: string[][]
  categoryIdSets: string[][]
  names: string[]
}

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * A category filter whose smallest set holds at least this many products is applied as a membership probe
 * while walking a sort index (the walk stops after the page: about page × catalogue / category rows), a
 * smaller one by gathering its products and sorting them (at most this many rows to sort).
 */
const WALK_MIN_CATEGORY_SIZE = 1000

/** The product is in one of the categories: a probe of the (product_id, category_id) index per row. */
const memberOf = (productId: 'p.id' | 's.product_id', categoryIds: string[]) =>
  sql<boolean>`exists (select 1 from category_assignments ca
    where ca.product_id = ${sql.ref(productId)} and ca.category_id in (${sql.join(categoryIds)}))`

/**
 * True when every category set holds at least `size` products (a capped count each). An
 * uncorrelated condition: both engines evaluate it once, before reading any row.
 */
function categoriesAreLarge(criteria: ProductCriteria, size: number) {
  const each = criteria.categoryIdSets.map(
    (ids) => sql`(select count(*) from (select 1 as x from category_assignments
        where category_id in (${sql.join(ids)}) limit ${size}) capped) >= ${size}`,
  )
  return sql<boolean>`(${sql.join(each, sql` and `)})`
}

function filtered(db: Db, criteria: ProductCriteria, language: string, probeCategories = false) {
  let query = db
    .selectFrom('products as p')
    .leftJoin('product_texts as t', (join) =>
      join.onRef('t.product_id', '=', 'p.id').on('t.language', '=', language),
    )
    .leftJoin('product_texts as e', (join) =>
      join.onRef('e.product_id', '=', 'p.id').on('e.language', '=', 'en'),
    )
    .where('p.published', '=', 1)
  for (const ids of criteria.idLists) query = query.where('p.id', 'in', ids)
  for (const categoryIds of criteria.categoryIdSets) {
    query = probeCategories
      ? query.where(memberOf('p.id', categoryIds))
      : query.where('p.id', 'in', (eb) =>
          eb.selectFrom('category_assignments').select('product_id').where('category_id', 'in', categoryIds),
        )
  }
  for (const name of criteria.names) {
    query = query.where(sql<boolean>`lower(coalesce(t.name, e.name)) like ${likePattern(name)} escape '\\'`)
  }
  return query
}

export async function countProducts(db: Db, criteria: ProductCriteria, language: string): Promise<number> {
  if (criteria.idLists.some((ids) => ids.length === 0) || criteria.categoryIdSets.some((c) => c.length === 0))
    return 0
  // Without a name filter the texts play no part: count the products alone (an index-only scan).
  const query = criteria.names.length > 0 ? filtered(db, criteria, language) : byIdAndCategory(db, criteria)
  const row = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** Published products narrowed by the id and category filters only. */
function byIdAndCategory(db: Db, criteria: ProductCriteria) {
  let query = db.selectFrom('products as p').where('p.published', '=', 1)
  for (const ids of criteria.idLists) query = query.where('p.id', 'in', ids)
  for (const categoryIds of criteria.categoryIdSets) {
    query = query.where('p.id', 'in', (eb) =>
      eb.selectFrom('category_assignments').select('product_id').where('category_id', 'in', categoryIds),
    )
  }
  return query
}

/**
 * One page. `after`, the id of the last product of the previous page, replaces the offset where the sort walks
 * an index (no id or name filter): the page is read from the index where the previous one stopped (keyset), at
 * the cost of page 1 however deep. The product's sort key is looked up inside the same statement; when it is
 * not a listed product, the offset decides.
 */
export interface PageRange {
  offset: number
  limit: number
  after?: string
}

export async function findProductPage(
  db: Db,
  criteria: ProductCriteria,
  sort: ProductSort,
  page: PageRange,
  walkMinCategorySize = WALK_MIN_CATEGORY_SIZE,
): Promise<ProductRow[]> {
  if (
    criteria.idLists.some((ids) => ids.length === 0) ||
    criteria.categoryIdSets.some((c) => c.length === 0)
  ) {
    return []
  }
  const walkable = criteria.idLists.length === 0 && criteria.names.length === 0
  if (!walkable && page.after) return findProductPage(db, criteria, sort, { ...page, after: undefined })
  const rows = await findWalkablePage(db, criteria, sort, page, walkMinCategorySize)
  // An empty keyset page: the end of the list, or a cursor that names no listed product (then the offset says).
  if (rows.length === 0 && page.after && !(await isListed(db, page.after)))
    return findProductPage(db, criteria, sort, { ...page, after: undefined }, walkMinCategorySize)
  return rows
}

async function isListed(db: Db, productId: string): Promise<boolean> {
  return (await findPublishedProduct(db, productId)) !== undefined
}

async function findWalkablePage(
  db: Db,
  criteria: ProductCriteria,
  sort: ProductSort,
  page: PageRange,
  walkMinCategorySize: number,
): Promise<ProductRow[]> {
  const walkable = criteria.idLists.length === 0 && criteria.names.length === 0
  if (!walkable || criteria.categoryIdSets.length === 0) {
    return withoutSortKey(await pageQuery(db, criteria, sort, page, false).execute())
  }
  // A large category is probed while the sort index is walked, a small one gathered and sorted. One
  // statement; the size condition is evaluated once, before any row is read, and the arm it rules out reads
  // nothing. SQLite: in each arm's LIMIT (`case … then n else 0 end`; as a WHERE term it would still build
  // the gathered id list first: 3-5 ms instead of 0.2-1.5 at 100,000). PostgreSQL: a WHERE term (a one-time
  // filter) and a constant LIMIT; with a computed LIMIT it assumes a tenth of the rows are wanted and plans a
  // parallel scan and sort for a page of 15 (docs/decisions/0015).
  const large = categoriesAreLarge(criteria, walkMinCategorySize)
  const inLimit = db.getExecutor().adapter instanceof SqliteAdapter
  const arm = (condition: RawBuilder<boolean>) =>
    inLimit
      ? {
          page: { ...page, limit: sql<number>`(case when ${condition} then ${page.limit} else 0 end)` },
        }
      : { page, only: condition }
  const walkArm = arm(large)
  const gatherArm = arm(sql<boolean>`not ${large}`)
  // The arms are parts of one statement: the outer query alone goes through the plugins.
  const parts = db.withoutPlugins()
  const walk = pageQuery(parts, criteria, sort, walkArm.page, true, walkArm.only)
  const gather = pageQuery(parts, criteria, sort, gatherArm.page, false, gatherArm.only)
  const order =
    sort.by === 'createdAt'
      ? sql`created_at desc, id desc`
      : sort.desc
        ? sql`sort_key desc, id desc`
        : sql`sort_key asc, id asc`
  const { rows } = await sql<ProductRow & { sort_key?: string }>`select * from (${walk}) w
    union all select * from (${gather}) g order by ${order}`.execute(db)
  return withoutSortKey(rows)
}

const withoutSortKey = (rows: Array<ProductRow & { sort_key?: string }>): ProductRow[] =>
  rows.map(({ sort_key: _, ...row }) => row)

/**
 * The sort language's keys, or the English ones for a language no product has a text in (the same order:
 * every product falls back to its English name). An uncorrelated scalar: evaluated once, an index equality.
 */
const sortLanguage = (language: string) =>
  language === 'en'
    ? sql<string>`'en'`
    : sql<string>`coalesce((select language from product_sort_languages where language = ${language}), 'en')`

/**
 * One page in the sort order. Without id and name filters a name sort walks the maintained
 * (language, sort_name, product_id) index of `product_sort_names` (any language; migration 0011) and selects
 * its key as `sort_key`; with them it sorts the filtered set by `coalesce` of the language's and the English
 * name. Newest walks (published, created_at, id) backwards. With `probe`, the category filter is a per-row
 * membership probe (for walks), otherwise a gathered id list; `only` is a condition of the whole arm.
 */
function pageQuery(
  db: Db,
  criteria: ProductCriteria,
  sort: ProductSort,
  page: { offset: number; limit: number | RawBuilder<number>; after?: string },
  probe: boolean,
  only?: RawBuilder<boolean>,
) {
  // Keyset: rows after the cursor in the walk's order, read from the index where the previous page stopped.
  const { after } = page
  const offset = after ? 0 : page.offset
  const language = sort.by === 'name' ? sort.language : 'en'
  const direction = sort.desc ? 'desc' : 'asc'
  if (sort.by === 'name' && criteria.names.length === 0 && criteria.idLists.length === 0) {
    // Walk the sort keys and stop after the page instead of sorting the catalogue. CROSS JOIN keeps the keys
    // as SQLite's outer loop (its planner otherwise scans products when the values are bound parameters);
    // PostgreSQL plans it like any inner join.
    let walk = db
      .selectFrom('product_sort_names as s')
      .crossJoin('products as p')
      .whereRef('s.product_id', '=', 'p.id')
      .where('s.language', '=', sortLanguage(language))
      .where('p.published', '=', 1)
    if (only) walk = walk.where(only)
    if (after) {
      const key = sql`(select k.sort_name from product_sort_names k inner join products kp on kp.id = k.product_id
        where k.language = ${sortLanguage(language)} and k.product_id = ${after} and kp.published = 1)`
      walk = walk.where(
        sql<boolean>`(s.sort_name, s.product_id) ${sql.raw(sort.desc ? '<' : '>')} (${key}, ${after})`,
      )
    }
    for (const categoryIds of criteria.categoryIdSets) {
      walk = probe
        ? walk.where(memberOf('s.product_id', categoryIds))
        : walk.where('p.id', 'in', (eb) =>
            eb
              .selectFrom('category_assignments')
              .select('product_id')
              .where('category_id', 'in', categoryIds),
          )
    }
    return walk
      .selectAll('p')
      .select('s.sort_name as sort_key')
      .orderBy('s.sort_name', direction)
      .orderBy('s.product_id', direction)
      .offset(offset)
      .limit(page.limit)
  }
  let narrowed = filtered(db, criteria, language, probe)
  if (only) narrowed = narrowed.where(only)
  if (after && sort.by === 'createdAt') {
    // Newest first, ties by id descending (docs/decisions/0087): one range of (published, created_at, id)
    // walked backwards from the cursor, however many products share its creation time.
    const key = sql`(select k.created_at from products k where k.id = ${after} and k.published = 1)`
    narrowed = narrowed.where(sql<boolean>`(p.created_at, p.id) < (${key}, ${after})`)
  }
  const base = narrowed.selectAll('p')
  const ordered =
    sort.by === 'createdAt'
      ? base.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc')
      : base.orderBy(sql`lower(coalesce(t.name, e.name))`, direction).orderBy('p.id', direction)
  return ordered.offset(offset).limit(page.limit)
}
