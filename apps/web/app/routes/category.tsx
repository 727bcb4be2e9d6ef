import type { Category } from '@shop/contracts/catalogue'
import { patterns } from '@shop/contracts/common'
import { data, Form, Link, redirect, useLocation, useSubmit } from 'react-router'
import { BackToTop } from '../features/catalogue/back-to-top.tsx'
import { Breadcrumb, breadcrumbJsonLd, type Crumb } from '../features/catalogue/breadcrumb.tsx'
import { ProductTile } from '../features/catalogue/product-tile.tsx'
import { apiSort, parseSort, SORT_LABEL, SORTS } from '../features/catalogue/sort.ts'
import { type ListPage, useInfiniteList } from '../features/catalogue/use-infinite-list.ts'
import { isApiError } from '../lib/api.ts'
import { getSession } from '../lib/context.server.ts'
import { metaT, pageTitle, rootData, seoMeta } from '../lib/meta.ts'
import { shopName, useShop, useT } from '../lib/shop.ts'
import {
  ALL_PRODUCTS_PATH,
  categoryPath,
  categorySegment,
  idFromSegment,
  isCanonicalSegment,
  localizedPaths,
} from '../lib/slug.ts'
import type { Route } from './+types/category'

/** Spec §9: products page size 15 (global data). */
export const PAGE_SIZE = 15
const MAX_PAGES = 20

async function loadCategory(api: ReturnType<typeof getSession>['api'], id: string): Promise<Category> {
  try {
    return await api.category(id, { slugs: true })
  } catch (error) {
    if (isApiError(error, 404)) throw data(null, 404)
    throw error
  }
}

/** A product id from the URL, or nothing when it is not one (a hand-edited URL then pages by number). */
const validId = (value: string | null) => (value && patterns.id.test(value) ? value : undefined)

/**
 * Spec §2 base.category: `/c/<slug>~<id>` or `/c/all`. `?page=n` loads pages 1..n in one request (page size
 * n × 15); with `append=1` (the infinite scroll's fetcher) only page n, after the product `after=` names. `?sort=` picks the order.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { api, language } = getSession(context)
  const url = new URL(request.url)
  const page = Math.min(Math.max(Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1, 1), MAX_PAGES)
  const append = url.searchParams.get('append') === '1'
  const sort = parseSort(url.searchParams.get('sort'))
  let category: Category | null = null
  if (params.catName !== 'all') {
    const id = idFromSegment(params.catName)
    if (!id) throw data(null, 404)
    category = await loadCategory(api, id)
    if (!isCanonicalSegment(params.catName, categorySegment(category))) {
      throw redirect(`${categoryPath(category)}${url.search}`, 301)
    }
  }
  const q = category ? `published:true category:${category.id}` : 'published:true'
  const list = await api.products({
    q,
    sort: apiSort(sort, language),
    pageNumber: append ? page : 1,
    pageSize: append ? PAGE_SIZE : page * PAGE_SIZE,
    // The scroll's fetcher names the last product it shows: the API reads on from there (keyset paging).
    after: append ? validId(url.searchParams.get('after')) : undefined,
    expand: 'prices',
  })
  const path = category ? categoryPath(category) : ALL_PRODUCTS_PATH
  const listPage: ListPage = {
    products: list.items,
    total: list.total,
    firstPage: append ? page : 1,
    page,
    listKey: `${path}?${sort}`,
  }
  return {
    ...listPage,
    category: category ? { id: category.id, name: category.name, path: category.path } : null,
    sort,
    path,
    paths: category ? localizedPaths('c', category.id, category.slugs) : undefined,
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaT(matches)
  const root = rootData(matches)
  if (!loaderData) return [{ title: pageTitle(matches, t('ERROR_404_TITLE')) }]
  const name = loaderData.category?.name ?? t('ALL_PRODUCTS')
  const description = t('CATEGORY_DESCRIPTION', { name, shop: shopName(root) })
  const crumbs = loaderData.category?.path.map((c) => ({ name: c.name, to: categoryPath(c) })) ?? []
  return [
    { title: pageTitle(matches, name) },
    { name: 'description', content: description },
    ...seoMeta(root, {
      path: loaderData.path,
      paths: loaderData.paths,
      title: name,
      description,
      type: 'website',
    }),
    ...(root && crumbs.length ? [breadcrumbJsonLd(root.origin, crumbs)] : []),
  ]
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const submit = useSubmit()
  const location = useLocation()
  const { categories } = useShop()
  const { category, total, sort, path } = loaderData
  const list = useInfiniteList(loaderData, PAGE_SIZE)
  const name = category?.name ?? t('ALL_PRODUCTS')
  const isAll = !category
  const fromAll = (location.state as { from?: string } | null)?.from === 'all'
  const crumbs: Crumb[] = [
    ...(fromAll ? [{ name: t('ALL_PRODUCTS'), to: ALL_PRODUCTS_PATH }] : []),
    ...(category?.path.map((c) => ({ name: c.name, to: categoryPath(c) })) ?? []),
  ]
  const moreParams = new URLSearchParams({ page: String(list.pages + 1) })
  if (sort !== 'name') moreParams.set('sort', sort)
  return (
    <section className="container listing">
      {category && (category.path.length > 1 || fromAll) ? <Breadcrumb crumbs={crumbs} /> : null}
      <div className="listing__header">
        <div>
          <h1 id="listing-title" tabIndex={-1}>
            {name}
          </h1>
          <p className="listing__count" aria-live="polite">
            {t('SHOWING_RANGE', { from: list.products.length ? 1 : 0, to: list.products.length, total })}
          </p>
        </div>
        <Form
          method="get"
          className="listing__sort"
          onChange={(event) => submit(event.currentTarget, { preventScrollReset: true, replace: true })}
        >
          <div className="field field--inline">
            <label className="field__label" htmlFor="listing-sort">
              {t('SORT_BY')}
            </label>
            <select id="listing-sort" name="sort" defaultValue={sort} key={sort}>
              {SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(SORT_LABEL[s])}
                </option>
              ))}
            </select>
          </div>
          {/* Behaviour notes: a new sort re-queries as many tiles as are loaded now. */}
          {list.pages > 1 ? <input type="hidden" name="page" value={list.pages} /> : null}
          <noscript>
            <button type="submit" className="button button--secondary">
              {t('APPLY')}
            </button>
          </noscript>
        </Form>
      </div>
      {isAll ? (
        <nav className="chips" aria-label={t('SHOP_BY_CATEGORY')}>
          <ul>
            {categories
              .filter((c) => c.name)
              .map((c) => (
                <li key={c.id}>
                  <Link className="chip" to={categoryPath(c)} state={{ from: 'all' }}>
                    {c.name}
                  </Link>
                </li>
              ))}
          </ul>
        </nav>
      ) : null}
      {list.products.length === 0 ? (
        <p className="listing__empty">{t('NO_PRODUCTS')}</p>
      ) : (
        <ul className="grid" aria-busy={list.loading} ref={list.grid} aria-labelledby="listing-title">
          {list.products.map((product, i) => (
            <ProductTile
              key={product.id}
              product={product}
              index={i}
              eager={i < 4}
              priority={i === 0}
              linkState={isAll ? { from: 'all' } : undefined}
            />
          ))}
        </ul>
      )}
      <div ref={list.sentinel} className="listing__sentinel" aria-hidden="true" />
      {list.hasMore ? (
        <div className="listing__more">
          <Link
            className="button button--secondary"
            to={`${path}?${moreParams}`}
            preventScrollReset
            aria-disabled={list.loading}
            onClick={(event) => {
              event.preventDefault()
              list.loadMore()
            }}
          >
            {list.loading ? t('LOADING_MORE') : t('LOAD_MORE')}
          </Link>
        </div>
      ) : null}
      <BackToTop targetId="listing-title" />
    </section>
  )
}
