import type { Assignment, Category, Media } from '@shop/contracts/catalogue'
import type { AppContext } from '../../platform/http/context.ts'
import { notFound } from '../../platform/http/errors.ts'
import { findAssignedProductIds, findCategoryTexts, findPublishedCategories } from './category.repository.ts'
import { buildCategoryTree, type CategoryTree, flatten, subtreeIds, toCategory } from './category-tree.ts'
import { localized } from './product.mapper.ts'

/** The published category tree in the language: two queries, whatever its size. */
export async function loadCategoryTree(ctx: AppContext, language: string): Promise<CategoryTree> {
  const [rows, texts] = await Promise.all([
    findPublishedCategories(ctx.db),
    findCategoryTexts(ctx.db, language),
  ])
  const textsOf = Map.groupBy(texts, (t) => t.category_id)
  return buildCategoryTree(
    rows.map((r) => ({
      id: r.id,
      parentId: r.parent_id,
      name: localized(textsOf.get(r.id) ?? [], language)?.name ?? '',
      media: safeMedia(r.media),
    })),
  )
}

function safeMedia(text: string): Media[] {
  try {
    return JSON.parse(text) as Media[]
  } catch {
    return []
  }
}

export interface CategoryListOptions {
  language: string
  toplevel: boolean
  subcategories: boolean
}

export async function listCategories(ctx: AppContext, options: CategoryListOptions): Promise<Category[]> {
  const tree = await loadCategoryTree(ctx, options.language)
  const nodes = options.toplevel ? tree.roots : flatten(tree.roots)
  return nodes.map((n) => toCategory(n, options.subcategories))
}

export async function getCategory(ctx: AppContext, id: string, language: string): Promise<Category> {
  const node = (await loadCategoryTree(ctx, language)).byId.get(id)
  if (!node) throw notFound('Category', id)
  return toCategory(node, true)
}

export async function categoryAssignments(
  ctx: AppContext,
  id: string,
  recursive: boolean,
  language: string,
): Promise<Assignment[]> {
  const node = (await loadCategoryTree(ctx, language)).byId.get(id)
  if (!node) throw notFound('Category', id)
  const productIds = await findAssignedProductIds(ctx.db, recursive ? subtreeIds(node) : [id])
  return productIds.map((productId) => ({ ref: { type: 'product' as const, id: productId } }))
}

/** Each category id with its subcategories; unknown ids give an empty set (no product matches). */
export async function expandCategoryFilters(
  ctx: AppContext,
  categoryIds: string[],
  language: string,
): Promise<string[][]> {
  if (categoryIds.length === 0) return []
  const tree = await loadCategoryTree(ctx, language)
  return categoryIds.map((id) => {
    const node = tree.byId.get(id)
    return node ? subtreeIds(node) : []
  })
}
