import { Link, useLoaderData } from 'react-router'
import { adminMeta } from '../../features/admin/meta.ts'
import { orderListHref, orderQueryOf, orderViewOf, PAGE_SIZE } from '../../features/admin/order-filter.ts'
import { OrderFilters } from '../../features/admin/order-filters.tsx'
import { asStaff } from '../../features/admin/staff.server.ts'
import { adminTranslator } from '../../i18n/admin.ts'
import { getSession } from '../../lib/context.server.ts'
import { formatDateTime, formatMoney } from '../../lib/format.ts'
import type { Route } from './+types/orders'

export const meta: Route.MetaFunction = adminMeta

/** The staff order list (docs/decisions/0057-staff-orders.md): filters and page in the address. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = getSession(context)
  const view = orderViewOf(
    new URL(request.url).searchParams,
    session.sites.map((s) => s.code),
  )
  const list = await asStaff(request, () => session.api.staffOrders(orderQueryOf(view)))
  const t = adminTranslator(session.language)
  return {
    list,
    view,
    pages: Math.max(1, Math.ceil(list.total / PAGE_SIZE)),
    sites: session.sites.map((s) => ({ code: s.code, name: s.name })),
    language: session.language,
    title: `${t('ORDERS')} – ${t('ADMIN')}`,
  }
}

export default function AdminOrders() {
  const { list, view, pages, sites, language } = useLoaderData<typeof loader>()
  const t = adminTranslator(language)
  return (
    <>
      <h1>{t('ORDERS')}</h1>
      <OrderFilters view={view} sites={sites} language={language} />
      <p aria-live="polite">{t('ORDER_COUNT', { count: list.total })}</p>
      {list.items.length === 0 ? (
        <p>{t('NO_ORDERS')}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                {(
                  ['COL_ORDER', 'COL_PLACED', 'COL_CUSTOMER', 'COL_SITE', 'COL_STATUS', 'COL_TOTAL'] as const
                ).map((key) => (
                  <th key={key} scope="col">
                    {t(key)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.items.map((order) => (
                <tr key={order.id}>
                  <th scope="row">
                    <Link to={`/admin/orders/${order.id}`}>{order.id}</Link>
                  </th>
                  <td>{formatDateTime(order.created, language)}</td>
                  <td className="admin-email">{order.customer.email}</td>
                  <td>{order.siteCode}</td>
                  <td>{t(`STATUS_${order.status}`)}</td>
                  <td className="admin-number">{formatMoney(order.totalPrice, order.currency, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label={t('PAGING')} className="admin-pager">
        {view.page > 1 ? (
          <Link to={orderListHref({ ...view, page: view.page - 1 })}>{t('PREVIOUS')}</Link>
        ) : null}
        <span>{t('PAGE_OF', { page: view.page, pages })}</span>
        {view.page < pages ? (
          <Link to={orderListHref({ ...view, page: view.page + 1 })}>{t('NEXT')}</Link>
        ) : null}
      </nav>
    </>
  )
}
