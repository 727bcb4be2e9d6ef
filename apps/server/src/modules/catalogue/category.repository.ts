import type { Db } from '../../platform/db/database.ts'

export function findPublishedCategories(db: Db) {
  return db
    .selectFrom('categories')
    .select(['id', 'parent_id', 'media'])
    .where('published', '=', 1)
    .orderBy('position')
    .orderBy('id')
    .execute()
}

export function findCategoryTexts(db: Db, language: string) {
  return db.selectFrom('category_texts').selectAll().where('language', 'in', [language, 'en']).execute()
}

/** Every language's name of the categories (their URL names: expand=slugs, sitemap). */
export async function findCategoryNames(db: Db, categoryIds: string[]) {
  if (categoryIds.length === 0) return []
  return db
    .selectFrom('category_texts')
    .select(['category_id', 'language', 'name'])
    .where('category_id', 'in', categoryIds)
    .execute()
}

/** Published products assigned to any of the categories, in assignment order. */
export async function findAssignedProductIds(db: Db, categoryIds: string[]): Promise<string[]> {
  if (categoryIds.length === 0) return []
  const rows = await db
    .selectFrom('category_assignments as a')
    .innerJoin('products as p', 'p.id', 'a.product_id')
    .select(['a.product_id', 'a.category_id'])
    .where('a.category_id', 'in', categoryIds)
    .where('p.published', '=', 1)
    .orderBy('a.position')
    .orderBy('a.product_id')
    .execute()
  const order = new Map(categoryIds.map((id, index) => [id, index]))
  rows.sort((x, y) => (order.get(x.category_id) ?? 0) - (order.get(y.category_id) ?? 0))
  return [...new Set(rows.map((r) => r.product_id))]
}
