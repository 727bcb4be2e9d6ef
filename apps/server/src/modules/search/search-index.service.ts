import { invalidate } from '../../platform/cache/versions.ts'
import type { Db } from '../../platform/db/database.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { loadCategoryTree } from '../catalogue/category.service.ts'
import { invalidateProductTotals, searchableTexts } from '../catalogue/product.service.ts'
import { listSites } from '../site/site.service.ts'
import {
  clearIndex,
  deleteEmptyTerms,
  deletePostingsOf,
  findIndexSources,
  hasIndex,
  insertPostings,
  refreshPlannerStatistics,
  upsertTerms,
} from './search-index.repository.ts'
import { type IndexSource, type Posting, postingsOf, termRow } from './search-index.ts'

/** Products indexed per round (postings built and inserted), so a full rebuild holds one round in memory. */
const ROUND = 2000

/**
 * The one call that keeps search right after any product write (texts, code, publication, category
 * assignments; a category's name: its products): rebuilds the postings of the given products (all when `ids`
 * is absent) from their texts in every language (site languages and English; a missing translation indexes
 * the English text), code and category names, then their terms' vocabulary. Pass the writer's transaction as
 * `ctx.db` to commit the index with the write; otherwise it runs in its own transaction. It bumps the
 * catalogue's answer-cache version, under which search answers are cached (docs/decisions/0032, 0033).
 */
export async function reindexProducts(ctx: AppContext, ids?: string[]): Promise<void> {
  const run = async (db: Db) => {
    // The version bump comes first: on PostgreSQL it locks the version row until the commit, so reindexes of
    // the same products queue instead of both deleting the old postings and the second one's inserts colliding
    // with the first one's (a duplicate key). SQLite runs one writer at a time anyway.
    await invalidate(db, 'catalogue')
    const scoped = { ...ctx, db }
    const sources = await indexSources(scoped, ids)
    if (ids) await reindexSome(scoped, ids, sources)
    else await reindexAll(scoped, sources)
  }
  if (ctx.db.isTransaction) await run(ctx.db)
  else await ctx.db.transaction().execute(run)
  // Every product writer calls this, so it is also where cached list totals go stale.
  invalidateProductTotals()
}

/**
 * At start-up: builds the index when products exist but the index is empty (seeded or generated data), then
 * lets SQLite refresh its planner statistics.
 */
export async function ensureSearchIndex(ctx: AppContext): Promise<void> {
  if (!(await hasIndex(ctx.db))) await reindexProducts(ctx)
  await refreshPlannerStatistics(ctx.db, ctx.engine)
}

async function reindexAll(ctx: AppContext, sources: IndexSource[][]): Promise<void> {
  await clearIndex(ctx.db)
  const counts = new Map<string, Map<string, number>>()
  for (let i = 0; i < sources.length; i += ROUND) {
    const postings = sources.slice(i, i + ROUND).flatMap((docs) => docs.flatMap(postingsOf))
    await insertPostings(ctx.db, postings)
    for (const p of postings) {
      const terms = counts.get(p.language) ?? new Map<string, number>()
      counts.set(p.language, terms)
      terms.set(p.term, (terms.get(p.term) ?? 0) + 1)
    }
  }
  const rows = [...counts].flatMap(([language, terms]) => [...terms].map(([t, n]) => termRow(language, t, n)))
  await upsertTerms(ctx.db, rows, 'set')
}

async function reindexSome(ctx: AppContext, ids: string[], sources: IndexSource[][]): Promise<void> {
  const removed = await deletePostingsOf(ctx.db, ids)
  const postings: Posting[] = sources.flatMap((docs) => docs.flatMap(postingsOf))
  await insertPostings(ctx.db, postings)
  // Each term's product count moves by the postings added less those removed: no recount of a common term's
  // postings per write (an import's chunks would otherwise count a common word's growing postings again
  // and again). Exact as long as every change of postings passes here, serialised by the version bump above.
  const change = new Map<string, Map<string, number>>()
  const add = (language: string, term: string, by: number) => {
    const terms = change.get(language) ?? new Map<string, number>()
    change.set(language, terms)
    terms.set(term, (terms.get(term) ?? 0) + by)
  }
  for (const [language, term] of removed) add(language, term, -1)
  for (const p of postings) add(p.language, p.term, 1)
  const moved = [...change].flatMap(([language, terms]) =>
    [...terms].filter(([, by]) => by !== 0).map(([term, by]) => termRow(language, term, by)),
  )
  await upsertTerms(ctx.db, moved, 'add')
  for (const [language, terms] of Map.groupBy(
    moved.filter((r) => r.products < 0),
    (r) => r.language,
  ))
    await deleteEmptyTerms(
      ctx.db,
      language,
      terms.map((r) => r.term),
    )
}

/** Per published product, what each language indexes: texts, code and the names of its category paths. */
async function indexSources(ctx: AppContext, ids?: string[]): Promise<IndexSource[][]> {
  const [texts, { products, assignments }, sites] = await Promise.all([
    searchableTexts(ctx, ids),
    findIndexSources(ctx.db, ids),
    listSites(ctx),
  ])
  const languages = [
    ...new Set(['en', ...sites.flatMap((s) => s.languages), ...texts.map((t) => t.language)]),
  ]
  const trees = new Map(
    await Promise.all(languages.map(async (l) => [l, await loadCategoryTree(ctx, l)] as const)),
  )
  const textsOf = Map.groupBy(texts, (t) => t.product_id)
  const categoriesOf = Map.groupBy(assignments, (a) => a.product_id)
  return products.flatMap((product) => {
    const own = textsOf.get(product.id) ?? []
    if (own.length === 0) return []
    const docs = languages.flatMap((language) => {
      const text = own.find((t) => t.language === language) ?? own.find((t) => t.language === 'en') ?? own[0]
      if (!text) return []
      const tree = trees.get(language)
      const categoryNames = new Set<string>()
      for (const a of categoriesOf.get(product.id) ?? []) {
        for (let node = tree?.byId.get(a.category_id); node; node = node.parent ?? undefined)
          categoryNames.add(node.name)
      }
      return [
        {
          productId: product.id,
          language,
          name: text.name,
          description: text.description,
          code: product.code,
          categoryNames: [...categoryNames],
        },
      ]
    })
    return [docs]
  })
}
