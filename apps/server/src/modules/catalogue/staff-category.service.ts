import { randomUUID } from 'node:crypto'
import type {
  StaffCategory,
  StaffCategoryCreate,
  StaffCategoryPlace,
  StaffCategoryProducts,
  StaffCategoryTree,
} from '@shop/contracts/backoffice-categories'
import { slugify } from '@shop/contracts/slug'
import type { Db } from '../../platform/db/database.ts'
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts'
import { categoryProductCounts } from './category-counts.ts'
import {
  countAssignments,
  deleteAssignment,
  deleteCategoryRow,
  findAllCategories,
  findAssignmentOrder,
  findCategoryDetails,
  findCategoryProductsPage,
  findCategoryRow,
  findParents,
  findProductAssignments,
  findProductIdsIn,
  findSiblings,
  insertAssignment,
  insertCategory,
  productExists,
  renumber,
  replaceCategoryTexts,
  setParent,
  setPublished,
} from './staff-category.repository.ts'
import { categoryTextProblems, placeAt, subtreeOf } from './staff-category.rules.ts'
import { invalidateCatalogue } from './stock.service.ts'

type Texts = ReadonlyArray<{ language: string; name: string }>

/**
 * The catalogue's category write path for the back office (docs/decisions/0049-staff-categories.md). Every write
 * takes the caller's transaction and bumps the catalogue's cache version in it, first (`lockTree`); each
 * answers the products whose search documents changed (`reindex`: names of their categories and parents,
 * publication), for the caller to reindex after the commit.
 */
export async function staffCategoryTree(db: Db, languages: readonly string[]): Promise<StaffCategoryTree> {
  const [{ rows, texts }, counts] = await Promise.all([findAllCategories(db), categoryProductCounts(db)])
  const textsOf = Map.groupBy(texts, (t) => t.category_id)
  const childrenOf = Map.groupBy(rows, (r) => r.parent_id ?? '')
  const categories: StaffCategory[] = []
  const walk = (parentId: string | null) =>
    (childrenOf.get(parentId ?? '') ?? []).forEach((r, index) => {
      categories.push({
        id: r.id,
        parentId: r.parent_id,
        position: index,
        published: r.published === 1,
        texts: (textsOf.get(r.id) ?? []).map((t) => ({ language: t.language, name: t.name })),
        productCount: counts.get(r.id) ?? 0,
      })
      walk(r.id)
    })
  walk(null)
  return { languages: [...languages], categories }
}

export async function getStaffCategory(db: Db, id: string): Promise<StaffCategory> {
  const row = await findCategoryRow(db, id)
  if (!row) throw notFound('Category', id)
  const [{ texts, count }, siblings] = await Promise.all([
    findCategoryDetails(db, id),
    findSiblings(db, row.parent_id),
  ])
  return {
    id,
    parentId: row.parent_id,
    position: siblings.findIndex((s) => s.id === id),
    published: row.published === 1,
    texts,
    productCount: count,
  }
}

function checkTexts(texts: Texts, languages: readonly string[]) {
  const problems = categoryTextProblems(texts, languages, slugify)
  if (problems.length > 0) throw badRequest('validation_failed', 'The category is not valid', problems)
}

async function checkParent(db: Db, parentId: string | null) {
  if (parentId !== null && !(await findCategoryRow(db, parentId)))
    throw badRequest('validation_failed', `No category ${parentId}`, [
      { field: 'body.parentId', type: 'unknown', message: `No category ${parentId}` },
    ])
}

/**
 * Every category write bumps the catalogue's cache version first: on PostgreSQL the upsert locks the version row
 * until the commit, so category writes queue and each checks (cycles, positions) against the one before it; two
 * crossing moves could otherwise make a loop. SQLite runs one writer at a time anyway.
 */
const lockTree = (db: Db) => invalidateCatalogue(db)

/** Positions 0..n-1 for a parent's children, in the order given (their stored order when left out). */
async function renumberSiblings(db: Db, parentId: string | null, order?: (siblings: Sibling[]) => Sibling[]) {
  const siblings = await findSiblings(db, parentId)
  await renumber(db, 'categories', order ? order(siblings) : siblings)
}
type Sibling = { id: string; position: number }

/** The category's subtree and the products in it: their search documents hold its name and its parents'. */
async function subtreeProducts(db: Db, id: string): Promise<string[]> {
  return findProductIdsIn(db, subtreeOf(id, await findParents(db)))
}

export async function createStaffCategory(db: Db, input: StaffCategoryCreate, languages: readonly string[]) {
  await lockTree(db)
  checkTexts(input.texts, languages)
  await checkParent(db, input.parentId)
  const id = randomUUID()
  await insertCategory(db, id, input.parentId, input.published)
  await replaceCategoryTexts(db, id, input.texts)
  // Last among its siblings.
  await renumberSiblings(db, input.parentId, (siblings) => [
    ...siblings.filter((s) => s.id !== id),
    { id, position: -1 },
  ])
  return getStaffCategory(db, id)
}

export async function renameStaffCategory(db: Db, id: string, texts: Texts, languages: readonly string[]) {
  await lockTree(db)
  const before = await getStaffCategory(db, id)
  checkTexts(texts, languages)
  await replaceCategoryTexts(db, id, texts)
  return { before, after: await getStaffCategory(db, id), reindex: await subtreeProducts(db, id) }
}

/** Moves the category under another parent and/or to another place among its siblings. */
export async function placeStaffCategory(db: Db, id: string, place: StaffCategoryPlace) {
  await lockTree(db)
  const before = await getStaffCategory(db, id)
  await checkParent(db, place.parentId)
  if (place.parentId !== null && subtreeOf(id, await findParents(db)).includes(place.parentId))
    throw conflict('category_cycle', 'A category cannot go under itself or one of its subcategories', [
      { field: 'body.parentId', type: 'cycle', message: `${place.parentId} is inside ${id}` },
    ])
  const moved = before.parentId !== place.parentId
  if (moved) {
    await setParent(db, id, place.parentId)
    await renumberSiblings(db, before.parentId)
  }
  await renumberSiblings(db, place.parentId, (siblings) =>
    placeAt(siblings, siblings.find((s) => s.id === id) ?? { id, position: -1 }, place.position),
  )
  return {
    before,
    after: await getStaffCategory(db, id),
    reindex: moved ? await subtreeProducts(db, id) : [],
  }
}

export async function publishStaffCategory(db: Db, id: string, published: boolean) {
  await lockTree(db)
  const before = await getStaffCategory(db, id)
  await setPublished(db, id, published)
  const changed = before.published !== published
  return {
    before,
    after: await getStaffCategory(db, id),
    reindex: changed ? await subtreeProducts(db, id) : [],
  }
}

/** Deletes a category without subcategories; its products leave it and stay in the shop (ADR 0049). */
export async function deleteStaffCategory(db: Db, id: string) {
  await lockTree(db)
  const before = await getStaffCategory(db, id)
  if ((await findSiblings(db, id)).length > 0)
    throw conflict('category_has_children', 'Move or delete its subcategories first')
  const products = await findProductIdsIn(db, [id])
  if (!(await deleteCategoryRow(db, id))) throw notFound('Category', id)
  await renumberSiblings(db, before.parentId)
  return { before: { ...before, productIds: products }, reindex: products }
}

export async function staffCategoryProducts(
  db: Db,
  id: string,
  query: { language: string; page: number; pageSize: number },
): Promise<StaffCategoryProducts> {
  if (!(await findCategoryRow(db, id))) throw notFound('Category', id)
  const range = { offset: (query.page - 1) * query.pageSize, limit: query.pageSize }
  const [rows, total] = await Promise.all([
    findCategoryProductsPage(db, id, query.language, range),
    countAssignments(db, [id]),
  ])
  const items = rows.map((r, i) => ({
    id: r.id,
    sku: r.code,
    name: r.name ?? r.englishName ?? r.code,
    published: r.published === 1,
    position: range.offset + i,
  }))
  return { items, total, page: query.page }
}

/**
 * Puts the product in the category at `position` (at the end when left out), or moves it there when it is in
 * already; positions stay 0..n-1, and only the rows whose place changes are written.
 */
export async function assignStaffProduct(db: Db, categoryId: string, productId: string, position?: number) {
  await lockTree(db)
  if (!(await findCategoryRow(db, categoryId))) throw notFound('Category', categoryId)
  if (!(await productExists(db, productId))) throw notFound('Product', productId)
  const order = await findAssignmentOrder(db, categoryId)
  const index = order.findIndex((r) => r.id === productId)
  const isNew = index < 0
  const beforePosition = isNew ? null : index
  if (isNew) await insertAssignment(db, categoryId, productId, order.length)
  const row = isNew ? { id: productId, position: order.length } : (order[index] as (typeof order)[number])
  const placed = placeAt(order, row, position ?? order.length)
  await renumber(db, 'category_assignments', placed, categoryId)
  return {
    before: { productId, position: beforePosition },
    after: { productId, position: placed.indexOf(row) },
    reindex: isNew ? [productId] : [],
  }
}

export async function unassignStaffProduct(db: Db, categoryId: string, productId: string) {
  await lockTree(db)
  const order = await findAssignmentOrder(db, categoryId)
  const index = order.findIndex((r) => r.id === productId)
  if (index < 0 || !(await deleteAssignment(db, categoryId, productId)))
    throw notFound('Assignment', `${categoryId}/${productId}`)
  await renumber(
    db,
    'category_assignments',
    order.filter((r) => r.id !== productId),
    categoryId,
  )
  return { before: { productId, position: index }, reindex: [productId] }
}

/** The product's categories, each with its path of names in the language (English when missing). */
export async function staffProductCategories(db: Db, productId: string, language: string) {
  if (!(await productExists(db, productId))) throw notFound('Product', productId)
  const [assigned, all] = await Promise.all([findProductAssignments(db, productId), findAllCategories(db)])
  const byId = new Map(all.rows.map((r) => [r.id, r]))
  const textsOf = Map.groupBy(all.texts, (t) => t.category_id)
  const nameOf = (id: string) => {
    const texts = textsOf.get(id) ?? []
    return (texts.find((t) => t.language === language) ?? texts.find((t) => t.language === 'en'))?.name ?? id
  }
  return assigned.map(({ category_id }) => {
    const path: string[] = []
    const seen = new Set<string>()
    for (let node = byId.get(category_id); node && !seen.has(node.id); ) {
      seen.add(node.id)
      path.unshift(nameOf(node.id))
      node = node.parent_id ? byId.get(node.parent_id) : undefined
    }
    return { id: category_id, path }
  })
}
