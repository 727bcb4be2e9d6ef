import type { Assignment, Category, Media } from '@shop/contracts/catalogue'
import type { AppContext } from '../../platform/http/context.ts'
import { notFound } from '../../platform/http/errors.ts'
import {
  findAssignedProductIds,
  findCategoryNames,
  findCategoryTexts,
  findPublishedCategories,
} from './category.repository.ts'
import { buildCategoryTree, type CategoryTree, flatten, subtreeIds, toCategory } from './category-tree.ts'
import { localized, slugsOf } from './product.mapper.ts'

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

/** One category with its subcategories; `slugs` adds its URL name in every language (hreflang links). */
export async function getCategory(
  ctx: AppContext,
  id: string,
  language: string,
  options: { slugs?: boolean } = {},
): Promise<Category> {
  const [tree, slugs] = await Promise.all([
    loadCategoryTree(ctx, language),
    options.slugs ? categorySlugs(ctx, [id]) : undefined,
  ])
  const node = tree.byId.get(id)
  if (!node) throw notFound('Category', id)
  const category = toCategory(node, true)
  if (slugs) category.slugs = slugs.get(id) ?? {}
  return category
}

/** Each category's URL name per language (`slugsOf`): one query for any number of categories. */
export async function categorySlugs(
  ctx: AppContext,
  ids: string[],
): Promise<Map<string, Record<string, string>>> {
  const namesOf = Map.groupBy(await findCategoryNames(ctx.db, ids), (n) => n.category_id)
  return new Map(ids.map((id) => [id, slugsOf(namesOf.get(id) ?? [])]))
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
