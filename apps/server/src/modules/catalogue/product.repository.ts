import type { Selectable } from 'kysely'
import { sql } from 'kysely'
import type { Db } from '../../platform/db/database.ts'
import type { ProductRow, VariantsTable } from '../../platform/db/schema.ts'
import type { ProductSort } from './product-query.ts'

export type VariantRow = Selectable<VariantsTable>

/** Resolved filters: category filters already carry their subcategories. */
export interface ProductCriteria {
  idLists: string[][]
  categoryIdSets: string[][]
  names: string[]
}

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

function filtered(db: Db, criteria: ProductCriteria, language: string) {
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
    query = query.where('p.id', 'in', (eb) =>
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

export function findProductPage(
  db: Db,
  criteria: ProductCriteria,
  sort: ProductSort,
  page: { offset: number; limit: number },
): Promise<ProductRow[]> {
  if (
    criteria.idLists.some((ids) => ids.length === 0) ||
    criteria.categoryIdSets.some((c) => c.length === 0)
  ) {
    return Promise.resolve([])
  }
  const language = sort.by === 'name' ? sort.language : 'en'
  if (
    sort.by === 'name' &&
    language === 'en' &&
    criteria.names.length === 0 &&
    criteria.idLists.length === 0
  ) {
    // English is every product's fallback text, so the English name sort can walk the
    // (language, lower(name), product_id) index and stop after the page instead of sorting the catalogue.
    // CROSS JOIN keeps the texts as SQLite's outer loop (its planner otherwise scans products when the
    // values are bound parameters); PostgreSQL plans it like any inner join.
    let walk = db
      .selectFrom('product_texts as e')
      .crossJoin('products as p')
      .whereRef('e.product_id', '=', 'p.id')
      .where('e.language', '=', 'en')
      .where('p.published', '=', 1)
    for (const categoryIds of criteria.categoryIdSets) {
      walk = walk.where('p.id', 'in', (eb) =>
        eb.selectFrom('category_assignments').select('product_id').where('category_id', 'in', categoryIds),
      )
    }
    return walk
      .selectAll('p')
      .orderBy(sql`lower(e.name)`, sort.desc ? 'desc' : 'asc')
      .orderBy('e.product_id', sort.desc ? 'desc' : 'asc')
      .offset(page.offset)
      .limit(page.limit)
      .execute()
  }
  const base = filtered(db, criteria, language).selectAll('p')
  const ordered =
    sort.by === 'createdAt'
      ? base.orderBy('p.created_at', 'desc')
      : base.orderBy(sql`lower(coalesce(t.name, e.name))`, sort.desc ? 'desc' : 'asc')
  return ordered.orderBy('p.id').offset(page.offset).limit(page.limit).execute()
}

export function findPublishedProduct(db: Db, id: string): Promise<ProductRow | undefined> {
  return db
    .selectFrom('products')
    .selectAll()
    .where('id', '=', id)
    .where('published', '=', 1)
    .executeTakeFirst()
}

export function findProductTexts(db: Db, productIds: string[], language: string) {
  return db
    .selectFrom('product_texts')
    .selectAll()
    .where('product_id', 'in', productIds)
    .where('language', 'in', [language, 'en'])
    .execute()
}

export function findVariants(db: Db, productIds: string[]): Promise<VariantRow[]> {
  return db
    .selectFrom('variants')
    .selectAll()
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('position')
    .orderBy('id')
    .execute()
}

export function findVariantTexts(db: Db, variantIds: string[], language: string) {
  if (variantIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('variant_texts')
    .selectAll()
    .where('variant_id', 'in', variantIds)
    .where('language', 'in', [language, 'en'])
    .execute()
}

export function findAssignmentsOf(db: Db, productIds: string[]) {
  return db
    .selectFrom('category_assignments')
    .select(['product_id', 'category_id'])
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('position')
    .orderBy('category_id')
    .execute()
}

/** Names and descriptions of published products (all, or the given ones) in every language, for the search index. */
export function findSearchableTexts(db: Db, productIds?: string[]) {
  let query = db
    .selectFrom('product_texts as t')
    .innerJoin('products as p', 'p.id', 't.product_id')
    .select(['t.product_id', 't.language', 't.name', 't.description'])
    .where('p.published', '=', 1)
  if (productIds) query = query.where('t.product_id', 'in', productIds)
  return query.orderBy('t.product_id').execute()
}

/** Id, English name and creation time of every published product, for the sitemap. */
export function findSitemapProducts(db: Db) {
  return db
    .selectFrom('products as p')
    .leftJoin('product_texts as t', (join) =>
      join.onRef('t.product_id', '=', 'p.id').on('t.language', '=', 'en'),
    )
    .select(['p.id', 't.name', 'p.created_at'])
    .where('p.published', '=', 1)
    .orderBy('p.id')
    .execute()
}
