import type { Selectable } from 'kysely'
import type { Db } from '../../platform/db/database.ts'
import type { ProductRow, VariantsTable } from '../../platform/db/schema.ts'

export type VariantRow = Selectable<VariantsTable>

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

/** Every language's name of the products (their URL names, expand=slugs). */
export function findProductNames(db: Db, productIds: string[]) {
  return db
    .selectFrom('product_texts')
    .select(['product_id', 'language', 'name'])
    .where('product_id', 'in', productIds)
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
/**
 * Published products `offset`..`offset + limit` in id order, each with its creation time and its names in
 * every language (one row per text; sitemap parts).
 */
export function findSitemapProducts(db: Db, range: { offset: number; limit: number }) {
  const page = db
    .selectFrom('products')
    .select(['id', 'created_at'])
    .where('published', '=', 1)
    .orderBy('id')
    .limit(range.limit)
    .offset(range.offset)
  return db
    .selectFrom(page.as('p'))
    .leftJoin('product_texts as t', 't.product_id', 'p.id')
    .select(['p.id', 'p.created_at', 't.language', 't.name'])
    .orderBy('p.id')
    .execute()
}

/** How many products are published (sitemap). */
export async function countPublishedProducts(db: Db): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('published', '=', 1)
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}
