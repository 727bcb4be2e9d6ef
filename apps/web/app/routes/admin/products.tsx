import { STAFF_PRODUCT_SORTS, type StaffProductListQuery } from '@shop/contracts/backoffice'
import { Form, Link, useLoaderData } from 'react-router'
import { adminMeta } from '../../features/admin/meta.ts'
import { ProductTable } from '../../features/admin/product-table.tsx'
import { asStaff } from '../../features/admin/staff.server.ts'
import { adminTranslator } from '../../i18n/admin.ts'
import { getSession } from '../../lib/context.server.ts'
import type { Route } from './+types/products'

export const meta: Route.MetaFunction = adminMeta

const PAGE_SIZE = 25

/** The product list: the URL holds the search, the sort and the page, so every view can be linked. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = getSession(context)
  const params = new URL(request.url).searchParams
  const sort = STAFF_PRODUCT_SORTS.find((s) => s === params.get('sort')) ?? 'created'
  const order: StaffProductListQuery['order'] = params.get('order') === 'asc' ? 'asc' : 'desc'
  const q = params.get('q')?.trim() || undefined
  const page = Math.max(1, Math.min(100_000, Number.parseInt(params.get('page') ?? '1', 10) || 1))
  const list = await asStaff(
    request,
    () =>
      session.api.staffProducts({
        q,
        sort,
        order,
        page,
        pageSize: PAGE_SIZE,
        language: session.language,
        currency: session.site.currency,
      }),
    { forbiddenTo: '/admin/orders' },
  )
  const t = adminTranslator(session.language)
  return {
    list,
    view: { q: q ?? '', sort, order, page },
    pages: Math.max(1, Math.ceil(list.total / PAGE_SIZE)),
    currencies: [...new Set(session.sites.map((s) => s.currency))],
    language: session.language,
    deleted: params.has('deleted'),
    title: `${t('PRODUCTS')} – ${t('ADMIN')}`,
  }
}

export default function AdminProducts() {
  const { list, view, pages, currencies, language, deleted } = useLoaderData<typeof loader>()
  const t = adminTranslator(language)
  const href = (change: Partial<typeof view>) => {
    const next = { ...view, ...change }
    const qs = new URLSearchParams()
    if (next.q) qs.set('q', next.q)
    qs.set('sort', next.sort)
    qs.set('order', next.order)
    if (next.page > 1) qs.set('page', String(next.page))
    return `/admin?${qs}`
  }
  return (
    <>
      <div className="admin-heading">
        <h1>{t('PRODUCTS')}</h1>
        <Link className="button button--primary" to="/admin/products/new">
          {t('NEW_PRODUCT')}
        </Link>
      </div>
      {deleted ? (
        <p role="status" className="admin-notice">
          {t('PRODUCT_DELETED')}
        </p>
      ) : null}
      <Form method="get" role="search" className="admin-search">
        <label htmlFor="admin-q">{t('SEARCH_PRODUCTS')}</label>
        <input id="admin-q" className="input" type="search" name="q" defaultValue={view.q} />
        <input type="hidden" name="sort" value={view.sort} />
        <input type="hidden" name="order" value={view.order} />
        <button type="submit" className="button">
          {t('SEARCH')}
        </button>
      </Form>
      <p aria-live="polite">{t('PRODUCT_COUNT', { count: list.total })}</p>
      {list.items.length === 0 ? (
        <p>{t('NO_PRODUCTS')}</p>
      ) : (
        <ProductTable
          items={list.items}
          view={view}
          href={href}
          currencies={currencies}
          language={language}
        />
      )}
      <nav aria-label={t('PAGING')} className="admin-pager">
        {view.page > 1 ? <Link to={href({ page: view.page - 1 })}>{t('PREVIOUS')}</Link> : null}
        <span>{t('PAGE_OF', { page: view.page, pages })}</span>
        {view.page < pages ? <Link to={href({ page: view.page + 1 })}>{t('NEXT')}</Link> : null}
      </nav>
    </>
  )
}
