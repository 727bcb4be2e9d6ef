import { sql } from 'kysely'
import type { Db } from '../../platform/db/database.ts'

/** Rows changed per UPDATE when positions are renumbered (a CASE over this many ids). */
const RENUMBER_BATCH = 500

/** Every category, parents' order as stored (position, then id), with its texts. */
export async function findAllCategories(db: Db) {
  const [rows, texts] = await Promise.all([
    db
      .selectFrom('categories')
      .select(['id', 'parent_id', 'position', 'published'])
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db.selectFrom('category_texts').select(['category_id', 'language', 'name']).execute(),
  ])
  return { rows, texts }
}

/** Each category's own product count (categories without products left out). */
export async function countProductsPerCategory(db: Db): Promise<Map<string, number>> {
  const counts = await db
    .selectFrom('category_assignments')
    .select(['category_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy('category_id')
    .execute()
  return new Map(counts.map((c) => [c.category_id, Number(c.n)]))
}

export function findCategoryRow(db: Db, id: string) {
  return db
    .selectFrom('categories')
    .select(['id', 'parent_id', 'position', 'published'])
    .where('id', '=', id)
    .executeTakeFirst()
}

/** A parent's children (null: the top level) in their order, with their stored positions. */
export function findSiblings(db: Db, parentId: string | null) {
  return db
    .selectFrom('categories')
    .select(['id', 'position'])
    .$if(parentId === null, (q) => q.where('parent_id', 'is', null))
    .$if(parentId !== null, (q) => q.where('parent_id', '=', parentId as string))
    .orderBy('position')
    .orderBy('id')
    .execute()
}

/** One category's texts and its own product count. */
export async function findCategoryDetails(db: Db, id: string) {
  const [texts, count] = await Promise.all([
    db
      .selectFrom('category_texts')
      .select(['language', 'name'])
      .where('category_id', '=', id)
      .orderBy('language')
      .execute(),
    countAssignments(db, [id]),
  ])
  return { texts, count }
}

/** Every category's parent (cycle checks, subtrees). */
export async function findParents(db: Db): Promise<Map<string, string | null>> {
  const rows = await db.selectFrom('categories').select(['id', 'parent_id']).execute()
  return new Map(rows.map((r) => [r.id, r.parent_id]))
}

export async function insertCategory(db: Db, id: string, parentId: string | null, published: boolean) {
  await db
    .insertInto('categories')
    .values({ id, parent_id: parentId, position: 0, published: published ? 1 : 0, media: '[]' })
    .execute()
}

export async function replaceCategoryTexts(
  db: Db,
  id: string,
  texts: ReadonlyArray<{ language: string; name: string }>,
) {
  await db.deleteFrom('category_texts').where('category_id', '=', id).execute()
  await db
    .insertInto('category_texts')
    .values(texts.map((t) => ({ category_id: id, language: t.language, name: t.name })))
    .execute()
}

export async function setParent(db: Db, id: string, parentId: string | null) {
  await db.updateTable('categories').set({ parent_id: parentId }).where('id', '=', id).execute()
}

export async function setPublished(db: Db, id: string, published: boolean) {
  await db
    .updateTable('categories')
    .set({ published: published ? 1 : 0 })
    .where('id', '=', id)
    .execute()
}

export async function deleteCategoryRow(db: Db, id: string): Promise<boolean> {
  // Texts and assignments go with it (foreign keys, cascade).
  const result = await db.deleteFrom('categories').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}

/** Gives each id its index as position, writing only the rows whose position changes, in batches. */
// writes: categories, category_assignments
export async function renumber(
  db: Db,
  table: 'categories' | 'category_assignments',
  ordered: ReadonlyArray<{ id: string; position: number }>,
  categoryId?: string,
) {
  const changed = ordered.flatMap((row, index) => (row.position === index ? [] : [{ id: row.id, index }]))
  for (let i = 0; i < changed.length; i += RENUMBER_BATCH) {
    const batch = changed.slice(i, i + RENUMBER_BATCH)
    const key = table === 'categories' ? sql.ref('id') : sql.ref('product_id')
    const cases = sql.join(
      batch.map((b) => sql`when ${b.id} then cast(${b.index} as integer)`),
      sql` `,
    )
    const scope = categoryId === undefined ? sql`` : sql` and category_id = ${categoryId}`
    await sql`update ${sql.table(table)} set position = case ${key} ${cases} end
      where ${key} in (${sql.join(batch.map((b) => b.id))})${scope}`.execute(db)
  }
}

/** The product ids of a category in their order, with their stored positions. */
export async function findAssignmentOrder(db: Db, categoryId: string) {
  const rows = await db
    .selectFrom('category_assignments')
    .select(['product_id as id', 'position'])
    .where('category_id', '=', categoryId)
    .orderBy('position')
    .orderBy('product_id')
    .execute()
  return rows
}

export async function countAssignments(db: Db, categoryIds: string[]): Promise<number> {
  if (categoryIds.length === 0) return 0
  const row = await db
    .selectFrom('category_assignments')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('category_id', 'in', categoryIds)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** A page of a category's products in their order, with the name in the language (English when missing). */
export function findCategoryProductsPage(
  db: Db,
  categoryId: string,
  language: string,
  range: { offset: number; limit: number },
) {
  return db
    .selectFrom('category_assignments as a')
    .innerJoin('products as p', 'p.id', 'a.product_id')
    .leftJoin('product_texts as t', (j) =>
      j.onRef('t.product_id', '=', 'p.id').on('t.language', '=', language),
    )
    .leftJoin('product_texts as e', (j) => j.onRef('e.product_id', '=', 'p.id').on('e.language', '=', 'en'))
    .select(['p.id', 'p.code', 'p.published', 'a.position', 't.name as name', 'e.name as englishName'])
    .where('a.category_id', '=', categoryId)
    .orderBy('a.position')
    .orderBy('a.product_id')
    .offset(range.offset)
    .limit(range.limit)
    .execute()
}

/** Product ids assigned to any of the categories (for reindexing after a change of their names or place). */
export async function findProductIdsIn(db: Db, categoryIds: string[]): Promise<string[]> {
  if (categoryIds.length === 0) return []
  const rows = await db
    .selectFrom('category_assignments')
    .select('product_id')
    .distinct()
    .where('category_id', 'in', categoryIds)
    .execute()
  return rows.map((r) => r.product_id)
}

export async function insertAssignment(db: Db, categoryId: string, productId: string, position: number) {
  await db
    .insertInto('category_assignments')
    .values({ category_id: categoryId, product_id: productId, position })
    .execute()
}

export async function deleteAssignment(db: Db, categoryId: string, productId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('category_assignments')
    .where('category_id', '=', categoryId)
    .where('product_id', '=', productId)
    .executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}

export async function productExists(db: Db, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('products').select('id').where('id', '=', id).executeTakeFirst())
}

export function findProductAssignments(db: Db, productId: string) {
  return db
    .selectFrom('category_assignments')
    .select(['category_id'])
    .where('product_id', '=', productId)
    .orderBy('category_id')
    .execute()
}
