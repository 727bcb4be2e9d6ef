import { toMinor } from '@shop/contracts/money'
import type { SearchHit, SearchResult } from '@shop/contracts/search'
import type { AppContext } from '../../platform/http/context.ts'
import { expandCategoryFilters } from '../catalogue/category.service.ts'
import { listProducts } from '../catalogue/product.service.ts'
import type { RequestLocale } from '../site/site.service.ts'
import { type Highlighter, highlightRanges } from './highlight.ts'
import { DRIVER_POSTINGS, strictTerms, typoTerms, type WordMatch } from './query-terms.ts'
import { findRanked, type MatchFilter } from './search.repository.ts'
import { words } from './text.ts'

export { DRIVER_POSTINGS } from './query-terms.ts'
export { ensureSearchIndex, reindexProducts } from './search-index.service.ts'

/** At most this many words of a query count; the rest is ignored. */
const MAX_WORDS = 8
const DESCRIPTION_LENGTH = 160
/** Matches are counted up to this many; beyond it nbHits is this cap and nbHitsExhaustive is false. */
export const MAX_COUNTED_HITS = 1000
export interface SearchRequest {
  q: string
  hitsPerPage: number
  page: number
  category?: string
  priceMin?: number
  priceMax?: number
  inStock?: boolean
}

/**
 * Relevance-ranked search over names, descriptions, codes and category names in the shopper's language.
 * Every word must match (by its stem; the last one also as a prefix); when nothing matches, the words no
 * term matched are widened to the terms within their typo allowance and the search runs once more.
 */
export async function searchProducts(
  ctx: AppContext,
  locale: RequestLocale,
  req: SearchRequest,
): Promise<SearchResult> {
  const language = locale.language
  const queryWords = words(req.q).slice(0, MAX_WORDS)
  const empty = {
    query: req.q,
    nbHits: 0,
    page: req.page,
    hitsPerPage: req.hitsPerPage,
    nbPages: 0,
    hits: [],
  }
  if (queryWords.length === 0) return empty
  const base: Omit<MatchFilter, 'words'> = {
    language,
    currency: locale.currency,
    now: new Date().toISOString(),
    priceMinMinor: req.priceMin === undefined ? undefined : toMinor(req.priceMin, locale.currency),
    priceMaxMinor: req.priceMax === undefined ? undefined : toMinor(req.priceMax, locale.currency),
    inStock: req.inStock,
  }
  if (req.category) {
    const [ids] = await expandCategoryFilters(ctx, [req.category], language)
    base.categoryIds = ids ?? []
  }
  const page = { offset: req.page * req.hitsPerPage, limit: req.hitsPerPage }
  let matched = await strictTerms(ctx.db, language, queryWords)
  let found = await findPage(ctx, base, matched, page)
  if (found.total === 0) {
    const fuzzy = await typoTerms(ctx.db, language, matched)
    if (fuzzy) {
      matched = fuzzy
      found = await findPage(ctx, base, matched, page)
    }
  }
  if (found.total === 0) return empty
  const exhaustive = found.exhaustive && found.total <= MAX_COUNTED_HITS
  const nbHits = Math.min(found.total, MAX_COUNTED_HITS)
  const last = matched[matched.length - 1]
  const highlighter: Highlighter = {
    terms: new Set(matched.flatMap((m) => m.terms)),
    prefix: last?.prefix ? last.word : undefined,
  }
  return {
    query: req.q,
    nbHits,
    ...(exhaustive ? {} : { nbHitsExhaustive: false }),
    page: req.page,
    hitsPerPage: req.hitsPerPage,
    nbPages: Math.ceil(nbHits / req.hitsPerPage),
    hits: await hitsOf(ctx, locale, found.ids, highlighter),
  }
}

/**
 * The page and how many match. One word of which a single term is held by more than MAX_COUNTED_HITS
 * products (a live search's first letters) reads only the best postings of each term for the page. Otherwise
 * the word fewest products hold drives: when its terms hold at most
 * DRIVER_POSTINGS postings every match is read and ranked; beyond, only the best postings of each of its terms
 * (names first), which bounds the cost whatever the catalogue size. A bounded read that found fewer than
 * MAX_COUNTED_HITS matches (a rare conjunction, a narrow filter) cannot tell how many there are: it is made
 * again exhaustively, so no match is ever lost (docs/decisions/0032).
 */
async function findPage(
  ctx: AppContext,
  base: Omit<MatchFilter, 'words'>,
  matched: WordMatch[],
  page: { offset: number; limit: number },
): Promise<{ ids: string[]; total: number; exhaustive: boolean }> {
  if (matched.some((m) => m.terms.length === 0)) return { ids: [], total: 0, exhaustive: true }
  const filter: MatchFilter = { ...base, words: matched.map((m) => m.terms) }
  let driver = 0
  for (const [i, m] of matched.entries()) if (m.postings < (matched[driver]?.postings ?? 0)) driver = i
  const { postings, terms, most } = matched[driver] ?? { postings: 0, terms: [], most: 0 }
  const filtered = [base.categoryIds, base.priceMinMinor, base.priceMaxMinor, base.inStock].some(
    (f) => f !== undefined && f !== false,
  )
  if (matched.length === 1 && !filtered && most > MAX_COUNTED_HITS) {
    // One word that one term alone gives more than the cap: the count is capped without counting, and the
    // best page is among the best `offset + limit` postings of each term.
    const top = await findRanked(ctx.db, filter, page, { driver, perTerm: page.offset + page.limit })
    return { ids: top.ids, total: MAX_COUNTED_HITS + 1, exhaustive: false }
  }
  if (postings > DRIVER_POSTINGS) {
    const perTerm = Math.max(Math.ceil(DRIVER_POSTINGS / terms.length), page.offset + page.limit)
    const bounded = await findRanked(ctx.db, filter, page, { driver, perTerm })
    if (bounded.total >= MAX_COUNTED_HITS) return { ...bounded, exhaustive: false }
  }
  return { ...(await findRanked(ctx.db, filter, page, { driver })), exhaustive: true }
}

/** Hits in rank order, built from the catalogue in a fixed number of queries. */
async function hitsOf(
  ctx: AppContext,
  locale: RequestLocale,
  ids: string[],
  highlighter: Highlighter,
): Promise<SearchHit[]> {
  if (ids.length === 0) return []
  const page = await listProducts(ctx, locale, {
    pageNumber: 1,
    pageSize: ids.length,
    q: `id:(${ids.join(',')})`,
    expand: 'prices',
  })
  const byId = new Map(page.products.map((p) => [p.id, p]))
  return ids.flatMap((id) => {
    const p = byId.get(id)
    if (!p) return []
    const description =
      p.description.length > DESCRIPTION_LENGTH
        ? `${p.description.slice(0, DESCRIPTION_LENGTH - 1)}…`
        : p.description
    const hit: SearchHit = {
      objectID: p.id,
      name: p.name,
      description,
      categories: p.categories,
      hasVariants: p.hasVariants,
      inStock: p.inStock,
      highlights: {
        name: highlightRanges(p.name, highlighter),
        description: highlightRanges(description, highlighter),
      },
    }
    const image = p.media[0]?.url
    if (image) hit.image = image
    if (p.prices?.[0]) hit.price = p.prices[0]
    if (p.priceRange) hit.priceRange = p.priceRange
    return [hit]
  })
}
