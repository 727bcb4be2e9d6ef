import type { SearchHit } from '@shop/contracts/search'
import { useEffect, useRef, useState } from 'react'
import { Link, useFetcher } from 'react-router'
import { ProductTile } from '../features/catalogue/product-tile.tsx'
import { type Refine, RefineForm } from '../features/search/refine-form.tsx'
import { searchPath } from '../features/search/search-path.ts'
import { tileOfHit } from '../features/search/tile-of-hit.ts'
import { getSession } from '../lib/context.server.ts'
import { metaT, pageTitle, rootData, seoMeta } from '../lib/meta.ts'
import { shopName, useT } from '../lib/shop.ts'
import type { Route } from './+types/search'

/** Hits per page of the result list (the list page size of spec §9). */
const PAGE_SIZE = 15
const MAX_PAGES = 10

function refineOf(url: URL): Refine {
  const number = (name: string) => {
    const value = Number.parseFloat(url.searchParams.get(name) ?? '')
    return Number.isFinite(value) && value >= 0 ? value : undefined
  }
  const category = url.searchParams.get('category') || undefined
  return {
    category: category && /^[A-Za-z0-9_-]{1,64}$/.test(category) ? category : undefined,
    priceMin: number('priceMin'),
    priceMax: number('priceMax'),
    inStock: url.searchParams.get('inStock') === 'true' ? true : undefined,
  }
}

function refineParams(refine: Refine): URLSearchParams {
  const params = new URLSearchParams()
  if (refine.category) params.set('category', refine.category)
  if (refine.priceMin !== undefined) params.set('priceMin', String(refine.priceMin))
  if (refine.priceMax !== undefined) params.set('priceMax', String(refine.priceMax))
  if (refine.inStock) params.set('inStock', 'true')
  return params
}

/**
 * Spec §2 base.search: `/search/<text>`; `?page=n` shows pages 1..n (a reload returns to the same
 * place), with `append=1` (the infinite loader's fetch) only page n. Refine by `category`, `priceMin`, `priceMax`.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { api, language } = getSession(context)
  const url = new URL(request.url)
  const query = (params.searchString ?? '').trim().slice(0, 200)
  const page = Math.min(Math.max(Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1, 1), MAX_PAGES)
  const append = url.searchParams.get('append') === '1'
  const refine = refineOf(url)
  if (refine.priceMin !== undefined && refine.priceMax !== undefined && refine.priceMin > refine.priceMax) {
    refine.priceMax = undefined
  }
  const base = { query, page, refine, firstPage: append ? page : 1 }
  if (!query) return { ...base, hits: [] as SearchHit[], total: 0, capped: false, error: false }
  try {
    const pages = append ? [page] : Array.from({ length: page }, (_, i) => i + 1)
    const results = await Promise.all(
      pages.map((p) =>
        api.searchProducts({
          q: query,
          hitsPerPage: PAGE_SIZE,
          page: p - 1,
          language,
          ...refine,
          inStock: refine.inStock ? 'true' : undefined,
        }),
      ),
    )
    return {
      ...base,
      hits: results.flatMap((r) => r.hits),
      total: results[0]?.nbHits ?? 0,
      // The server counts up to a cap; beyond it nbHits is the cap and nbHitsExhaustive is false.
      capped: results[0]?.nbHitsExhaustive === false,
      error: false,
    }
  } catch {
    return { ...base, hits: [] as SearchHit[], total: 0, capped: false, error: true }
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaT(matches)
  const root = rootData(matches)
  const q = loaderData?.query ?? ''
  const title = t('SEARCH_TITLE', { q })
  const description = t('SEARCH_DESCRIPTION', { q, shop: shopName(root) })
  return [
    { title: pageTitle(matches, title) },
    { name: 'description', content: description },
    // Result pages are for people: crawlers follow products and categories from the sitemap instead.
    { name: 'robots', content: 'noindex, follow' },
    ...seoMeta(root, { path: searchPath(q), title, description, type: 'website' }),
  ]
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const { query, refine, total, capped, error } = loaderData
  const listKey = `${query}?${refineParams(refine)}`
  const [hits, setHits] = useState<SearchHit[]>(loaderData.hits)
  const [pages, setPages] = useState(loaderData.page)
  const [key, setKey] = useState(listKey)
  const fetcher = useFetcher<typeof loader>()
  const sentinel = useRef<HTMLDivElement>(null)

  // A new query or refinement (a navigation) replaces the list.
  if (
    key !== listKey ||
    (loaderData.firstPage === 1 && loaderData.page !== pages && fetcher.state === 'idle' && !fetcher.data)
  ) {
    setKey(listKey)
    setHits(loaderData.hits)
    setPages(loaderData.page)
  }

  useEffect(() => {
    const data = fetcher.data
    if (!data || fetcher.state !== 'idle' || data.error) return
    if (`${data.query}?${refineParams(data.refine)}` !== listKey || data.page !== pages + 1) return
    setHits((list) => [...list, ...data.hits.filter((h) => !list.some((x) => x.objectID === h.objectID))])
    setPages(data.page)
    const url = new URL(window.location.href)
    url.searchParams.set('page', String(data.page))
    window.history.replaceState(window.history.state, '', url)
  }, [fetcher.data, fetcher.state, listKey, pages])

  const hasMore = hits.length < total && pages < MAX_PAGES
  const moreParams = refineParams(refine)
  moreParams.set('page', String(pages + 1))
  const loadMore = () => {
    if (fetcher.state !== 'idle' || !hasMore) return
    const params = new URLSearchParams(moreParams)
    params.set('append', '1')
    fetcher.load(searchPath(query, params))
  }
  const loadMoreRef = useRef(loadMore)
  loadMoreRef.current = loadMore

  useEffect(() => {
    const node = sentinel.current
    if (!node || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadMoreRef.current()
    })
    observer.observe(node)
    return () => observer.disconnect()
  }, [])

  return (
    <section className="container search-page">
      <div className="search-page__header">
        <h1 id="search-title" tabIndex={-1}>
          {t('SEARCH_TITLE', { q: query })}
        </h1>
        {!error && total > 0 ? (
          <p className="search-page__count" aria-live="polite">
            {capped
              ? t('SEARCH_COUNT_MORE', { n: total })
              : total === 1
                ? t('SEARCH_COUNT_ONE')
                : t('SEARCH_COUNT', { n: total })}
          </p>
        ) : null}
      </div>
      <div className="search-page__layout">
        <RefineForm query={query} refine={refine} />
        <div className="search-page__results">
          {error ? (
            <p className="alert alert--error" role="alert">
              {t('SEARCH_ERROR')}
            </p>
          ) : hits.length === 0 ? (
            <p className="search-page__empty" role="status">
              {t('SEARCH_NO_RESULTS', { q: query })}
            </p>
          ) : (
            <ul
              className="grid search-page__hits"
              aria-labelledby="search-title"
              aria-busy={fetcher.state !== 'idle'}
            >
              {hits.map((hit, i) => (
                <ProductTile
                  key={hit.objectID}
                  product={tileOfHit(hit)}
                  eager={i < 4}
                  priority={i === 0}
                  nameRanges={hit.highlights.name}
                />
              ))}
            </ul>
          )}
          <div ref={sentinel} className="search-page__sentinel" aria-hidden="true" />
          {hasMore && !error ? (
            <div className="search-page__more">
              <Link
                className="button button--secondary"
                to={searchPath(query, moreParams)}
                preventScrollReset
                aria-disabled={fetcher.state !== 'idle'}
                onClick={(event) => {
                  event.preventDefault()
                  loadMore()
                }}
              >
                {fetcher.state !== 'idle' ? t('SEARCH_LOADING') : t('SEARCH_LOAD_MORE')}
              </Link>
            </div>
          ) : null}
        </div>
      </div>
    </section>
  )
}
