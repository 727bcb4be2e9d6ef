import type { Product, Variant } from '@shop/contracts/catalogue'
import type { ProductRow } from '../../platform/db/schema.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { notFound } from '../../platform/http/errors.ts'
import { pricingOf } from '../pricing/price.service.ts'
import type { RequestLocale } from '../site/site.service.ts'
import { expandCategoryFilters } from './category.service.ts'
import { slugsOf, toProduct, toVariant } from './product.mapper.ts'
import {
  countPublishedProducts,
  findAssignmentsOf,
  findProductNames,
  findProductTexts,
  findPublishedProduct,
  findSearchableTexts,
  findSitemapProducts,
  findVariants,
  findVariantTexts,
} from './product.repository.ts'
import { countProducts, findProductPage } from './product-list.repository.ts'
import { parseProductQuery, parseProductSort } from './product-query.ts'

export interface ProductListRequest {
  pageNumber: number
  pageSize: number
  q?: string
  sort?: string
  expand?: string
  /** The last product of the previous page: the page starts after it (keyset) where the sort allows. */
  after?: string
}

export interface ProductPage {
  products: Product[]
  total: number
}

/** One page of products: a fixed number of queries whatever the page size. */
export async function listProducts(
  ctx: AppContext,
  locale: RequestLocale,
  req: ProductListRequest,
): Promise<ProductPage> {
  const filter = parseProductQuery(req.q)
  const sort = parseProductSort(req.sort, locale.language)
  const criteria = {
    idLists: filter.idLists,
    names: filter.names,
    categoryIdSets: await expandCategoryFilters(ctx, filter.categoryIds, locale.language),
  }
  const [total, rows] = await Promise.all([
    countProductsCached(ctx, criteria, locale.language),
    findProductPage(ctx.db, criteria, sort, {
      offset: (req.pageNumber - 1) * req.pageSize,
      limit: req.pageSize,
      after: req.after,
    }),
  ])
  const expand = new Set((req.expand ?? '').split(','))
  return {
    total,
    products: await hydrate(ctx, locale, rows, {
      prices: expand.has('prices'),
      variants: expand.has('variants'),
      slugs: expand.has('slugs'),
    }),
  }
}

/** Totals of at least this many products are cached; smaller ones are cheap to count every time. */
const CACHED_TOTAL_MIN = 1000
/** How long a cached total is served (ms); product writers also drop the cache at once. */
const TOTAL_TTL_MS = 30_000
let totalCaches = new WeakMap<object, Map<string, { total: number; until: number }>>()

/**
 * The exact count of the filtered set, from a per-process cache when it is large: counting grows with the
 * catalogue (O(n) even index-only), the page query does not. Keyed by database handle, filters and
 * language; entries live TOTAL_TTL_MS and `invalidateProductTotals` drops them (reindexProducts calls it).
 */
async function countProductsCached(
  ctx: AppContext,
  criteria: Parameters<typeof countProducts>[1],
  language: string,
): Promise<number> {
  let cache = totalCaches.get(ctx.db)
  if (!cache) {
    cache = new Map()
    totalCaches.set(ctx.db, cache)
  }
  const key = JSON.stringify([
    criteria.idLists,
    criteria.categoryIdSets,
    criteria.names,
    criteria.names.length > 0 ? language : '',
  ])
  const now = Date.now()
  const hit = cache.get(key)
  if (hit && hit.until > now) return hit.total
  const total = await countProducts(ctx.db, criteria, language)
  if (total >= CACHED_TOTAL_MIN) {
    if (cache.size >= 1000) cache.clear()
    cache.set(key, { total, until: now + TOTAL_TTL_MS })
  } else cache.delete(key)
  return total
}

/** Drops every cached list total of this process (call after products, texts or category assignments change). */
export function invalidateProductTotals(): void {
  totalCaches = new WeakMap()
}

export async function getProduct(
  ctx: AppContext,
  locale: RequestLocale,
  productId: string,
  expand?: string,
): Promise<Product> {
  const row = await findPublishedProduct(ctx.db, productId)
  if (!row) throw notFound('Product', productId)
  const parts = new Set((expand ?? '').split(','))
  const [product] = await hydrate(ctx, locale, [row], {
    prices: parts.has('prices'),
    variants: parts.has('variants'),
    slugs: parts.has('slugs'),
  })
  if (!product) throw notFound('Product', productId)
  return product
}

async function hydrate(
  ctx: AppContext,
  locale: RequestLocale,
  rows: ProductRow[],
  expand: { prices: boolean; variants: boolean; slugs: boolean },
): Promise<Product[]> {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const [texts, variants, assignments, pricing, names] = await Promise.all([
    findProductTexts(ctx.db, ids, locale.language),
    findVariants(ctx.db, ids),
    findAssignmentsOf(ctx.db, ids),
    expand.prices ? pricingOf(ctx, ids, locale.currency) : undefined,
    expand.slugs ? findProductNames(ctx.db, ids) : [],
  ])
  const variantTexts = expand.variants
    ? await findVariantTexts(
        ctx.db,
        variants.map((v) => v.id),
        locale.language,
      )
    : []
  const textsOf = Map.groupBy(texts, (t) => t.product_id)
  const variantsOf = Map.groupBy(variants, (v) => v.product_id)
  const variantTextsOf = Map.groupBy(variantTexts, (t) => t.variant_id)
  const categoriesOf = Map.groupBy(assignments, (a) => a.product_id)
  const namesOf = Map.groupBy(names, (n) => n.product_id)
  return rows.map((row) => {
    const ownTexts = textsOf.get(row.id) ?? []
    const ownVariants = variantsOf.get(row.id) ?? []
    const product = toProduct(row, {
      texts: ownTexts,
      variants: ownVariants,
      categoryIds: (categoriesOf.get(row.id) ?? []).map((a) => a.category_id),
      language: locale.language,
      siteCode: locale.siteCode,
      pricing: pricing ? (pricing.get(row.id) ?? { prices: [] }) : undefined,
    })
    if (expand.slugs) product.slugs = slugsOf(namesOf.get(row.id) ?? [])
    if (expand.variants) {
      product.variants = ownVariants.map((v) =>
        toVariant(v, variantTextsOf.get(v.id) ?? [], product.name, locale.language),
      )
    }
    return product
  })
}

export async function listVariants(
  ctx: AppContext,
  locale: RequestLocale,
  productId: string,
): Promise<Variant[]> {
  const product = await getProduct(ctx, locale, productId, 'variants')
  return product.variants ?? []
}

export async function getVariant(
  ctx: AppContext,
  locale: RequestLocale,
  productId: string,
  variantId: string,
): Promise<Variant> {
  const variant = (await listVariants(ctx, locale, productId)).find((v) => v.id === variantId)
  if (!variant) throw notFound('Variant', variantId)
  return variant
}

/** Texts of published products per language, for the search index (all products when `ids` is absent). */
export async function searchableTexts(
  ctx: AppContext,
  ids?: string[],
): Promise<Array<{ product_id: string; language: string; name: string; description: string }>> {
  if (ids && ids.length === 0) return []
  const out = []
  if (!ids) return findSearchableTexts(ctx.db)
  for (let i = 0; i < ids.length; i += 500)
    out.push(...(await findSearchableTexts(ctx.db, ids.slice(i, i + 500))))
  return out
}

/** How many products the sitemap lists. */
export const publishedProductCount = (ctx: AppContext) => countPublishedProducts(ctx.db)

/** Published products in id order, `range` of them, with their URL name per language (`slugsOf`; sitemap). */
export async function sitemapProducts(
  ctx: AppContext,
  range: { offset: number; limit: number },
): Promise<Array<{ id: string; slugs: Record<string, string>; createdAt: string }>> {
  if (range.limit <= 0) return []
  const rows = await findSitemapProducts(ctx.db, range)
  const products = Map.groupBy(rows, (r) => r.id)
  return [...products].map(([id, texts]) => ({
    id,
    slugs: slugsOf(
      texts.flatMap((t) => (t.language === null ? [] : [{ language: t.language, name: t.name ?? '' }])),
    ),
    createdAt: texts[0]?.created_at ?? '',
  }))
}
