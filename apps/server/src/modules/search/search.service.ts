import { toMinor } from '@shop/contracts/money'
import type { SearchHit, SearchResult } from '@shop/contracts/search'
import type { AppContext } from '../../platform/http/context.ts'
import { expandCategoryFilters } from '../catalogue/category.service.ts'
import { invalidateProductTotals, listProducts, searchableTexts } from '../catalogue/product.service.ts'
import { listSites, type RequestLocale } from '../site/site.service.ts'
import {
  countMatches,
  deleteDocuments,
  findMatches,
  findMatchesByName,
  hasDocuments,
  hasPrefix,
  insertDocuments,
  insertTerms,
  knownTerms,
  type QueryGroup,
  refreshPlannerStatistics,
  type SearchDocument,
  type SearchFilter,
} from './search.repository.ts'
import { editCandidates, words } from './text.ts'

/** At most this many words of a query count; the rest is ignored. */
const MAX_WORDS = 8
/** Words shorter than this are not corrected for typos. */
const MIN_TYPO_LENGTH = 3
const DESCRIPTION_LENGTH = 160
/** Matches are counted up to this many; beyond it nbHits is this cap and nbHitsExhaustive is false. */
export const MAX_COUNTED_HITS = 1000

/**
 * Rebuilds the index of the given products (all when `ids` is absent): one document per product and
 * language (site languages and English; a missing translation falls back to English), and the
 * vocabulary used for typo correction. Call after any product write.
 */
export async function reindexProducts(ctx: AppContext, ids?: string[]): Promise<void> {
  const texts = await searchableTexts(ctx, ids)
  const sites = await listSites(ctx)
  const languages = new Set(['en', ...sites.flatMap((s) => s.languages), ...texts.map((t) => t.language)])
  const byProduct = Map.groupBy(texts, (t) => t.product_id)
  const docs: SearchDocument[] = []
  const terms = new Map<string, { language: string; term: string }>()
  for (const [productId, own] of byProduct) {
    for (const language of languages) {
      const text = own.find((t) => t.language === language) ?? own.find((t) => t.language === 'en') ?? own[0]
      if (!text) continue
      docs.push({ productId, language, name: text.name, description: text.description })
      for (const term of words(`${text.name} ${text.description}`)) {
        if (term.length >= 2) terms.set(`${language} ${term}`, { language, term })
      }
    }
  }
  await ctx.db.transaction().execute(async (trx) => {
    await deleteDocuments(trx, ctx.engine, ids)
    await insertDocuments(trx, ctx.engine, docs)
    await insertTerms(trx, [...terms.values()])
  })
  // Every product writer calls this, so it is also where cached list totals and capped counts go stale.
  invalidateProductTotals()
  cappedCounts = new WeakMap()
}

/**
 * At start-up: builds the index when products exist but the index is empty (seeded or generated data),
 * then lets SQLite refresh its planner statistics.
 */
export async function ensureSearchIndex(ctx: AppContext): Promise<void> {
  if (!(await hasDocuments(ctx.db, ctx.engine))) await reindexProducts(ctx)
  await refreshPlannerStatistics(ctx.db, ctx.engine)
}

export interface SearchRequest {
  q: string
  hitsPerPage: number
  page: number
  category?: string
  priceMin?: number
  priceMax?: number
}

/**
 * Relevance-ranked search. Every word must match (the last one also as a prefix); stemming follows the
 * language. When nothing matches, words unknown to the vocabulary are widened to the known words one
 * edit away (one wrong, missing, extra or swapped letter) and the search runs once more.
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
  const base: Omit<SearchFilter, 'groups'> = {
    language,
    currency: locale.currency,
    now: new Date().toISOString(),
    priceMinMinor: req.priceMin === undefined ? undefined : toMinor(req.priceMin, locale.currency),
    priceMaxMinor: req.priceMax === undefined ? undefined : toMinor(req.priceMax, locale.currency),
  }
  if (req.category) {
    const [ids] = await expandCategoryFilters(ctx, [req.category], language)
    base.categoryIds = ids ?? []
  }
  const strict: QueryGroup[] = queryWords.map((w, i) => ({
    alternatives: [w],
    prefix: i === queryWords.length - 1,
  }))
  const page = { offset: req.page * req.hitsPerPage, limit: req.hitsPerPage }
  let found = await findPage(ctx, { ...base, groups: strict }, page)
  if (found.nbHits === 0) {
    const fuzzy = await withTypoCorrections(ctx, language, queryWords)
    if (fuzzy) found = await findPage(ctx, { ...base, groups: fuzzy }, page)
  }
  if (found.nbHits === 0) return empty
  const exhaustive = found.nbHits <= MAX_COUNTED_HITS
  const nbHits = exhaustive ? found.nbHits : MAX_COUNTED_HITS
  return {
    query: req.q,
    nbHits,
    ...(exhaustive ? {} : { nbHitsExhaustive: false }),
    page: req.page,
    hitsPerPage: req.hitsPerPage,
    nbPages: Math.ceil(nbHits / req.hitsPerPage),
    hits: await hitsOf(ctx, locale, found.ids),
  }
}

/**
 * The page and the capped count (MAX_COUNTED_HITS + 1 at most), as two statements. Up to the cap every
 * match is ranked (bm25 / ts_rank); beyond it the count is not exhaustive and neither is the ranking: the
 * products whose name holds every word come first, read in index order on SQLite, so the cost of a search
 * does not grow with the number of matches (docs/decisions/0007).
 */
async function findPage(
  ctx: AppContext,
  filter: SearchFilter,
  page: { offset: number; limit: number },
): Promise<{ ids: string[]; nbHits: number }> {
  const nbHits = await cappedCount(ctx, filter)
  if (nbHits === 0) return { ids: [], nbHits }
  const ids =
    nbHits > MAX_COUNTED_HITS
      ? await findMatchesByName(ctx.db, ctx.engine, filter, page)
      : await findMatches(ctx.db, ctx.engine, filter, page)
  return { ids, nbHits }
}

/** How long a count beyond the cap is remembered (per process, per database handle and filter). */
const CAPPED_COUNT_TTL_MS = 30_000
let cappedCounts = new WeakMap<object, Map<string, number>>()

/**
 * The capped count. "More than the cap" is remembered for CAPPED_COUNT_TTL_MS: a broad query (the live
 * search's first letters, typed by every shopper) then costs its page alone, not also a count that reads
 * 1,001 matches each time. Exact counts are always made afresh. `reindexProducts` (every product writer)
 * forgets them, as it does the list totals; another process's writes show within the TTL
 * (docs/decisions/0007).
 */
async function cappedCount(ctx: AppContext, filter: SearchFilter): Promise<number> {
  const { now: _, ...key } = filter
  const id = JSON.stringify(key)
  const cache = cappedCounts.get(ctx.db) ?? new Map<string, number>()
  const until = cache.get(id)
  if (until !== undefined && until > Date.now()) return MAX_COUNTED_HITS + 1
  const n = await countMatches(ctx.db, ctx.engine, filter, MAX_COUNTED_HITS)
  if (n > MAX_COUNTED_HITS) {
    cappedCounts.set(ctx.db, cache)
    if (cache.size >= 1000) cache.clear()
    cache.set(id, Date.now() + CAPPED_COUNT_TTL_MS)
  }
  return n
}

/** The query's words, each unknown one widened by its known neighbours; undefined when none has any. */
async function withTypoCorrections(
  ctx: AppContext,
  language: string,
  queryWords: string[],
): Promise<QueryGroup[] | undefined> {
  const known = await knownTerms(ctx.db, language, queryWords)
  const last = queryWords.length - 1
  const unknown: number[] = []
  for (const [i, w] of queryWords.entries()) {
    if (known.has(w) || w.length < MIN_TYPO_LENGTH) continue
    if (i === last && (await hasPrefix(ctx.db, language, w))) continue
    unknown.push(i)
  }
  if (unknown.length === 0) return undefined
  const candidates = new Map(unknown.map((i) => [i, editCandidates(queryWords[i] ?? '')]))
  const existing = await knownTerms(ctx.db, language, [...candidates.values()].flat())
  let widened = false
  const groups = queryWords.map((w, i) => {
    const fixes = (candidates.get(i) ?? []).filter((c) => existing.has(c))
    if (fixes.length > 0) widened = true
    return { alternatives: [w, ...fixes], prefix: i === last && fixes.length === 0 }
  })
  return widened ? groups : undefined
}

/** Hits in rank order, built from the catalogue in a fixed number of queries. */
async function hitsOf(ctx: AppContext, locale: RequestLocale, ids: string[]): Promise<SearchHit[]> {
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
    const hit: SearchHit = {
      objectID: p.id,
      name: p.name,
      description:
        p.description.length > DESCRIPTION_LENGTH
          ? `${p.description.slice(0, DESCRIPTION_LENGTH - 1)}…`
          : p.description,
      categories: p.categories,
      hasVariants: p.hasVariants,
    }
    const image = p.media[0]?.url
    if (image) hit.image = image
    if (p.prices?.[0]) hit.price = p.prices[0]
    if (p.priceRange) hit.priceRange = p.priceRange
    return [hit]
  })
}
