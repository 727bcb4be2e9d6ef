import { Form, Link, useLoaderData } from 'react-router'
import { adminMeta } from '../../features/admin/meta.ts'
import { asStaff } from '../../features/admin/staff.server.ts'
import { adminTranslator } from '../../i18n/admin.ts'
import { getSession } from '../../lib/context.server.ts'
import { formatDateTime } from '../../lib/format.ts'
import { TextField } from '../../ui/form/text-field.tsx'
import type { Route } from './+types/customers'

export const meta: Route.MetaFunction = adminMeta

const PAGE_SIZE = 20

/** The staff's customer list (docs/decisions/0068-staff-customers.md): the search and page in the address. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = getSession(context)
  const params = new URL(request.url).searchParams
  const q = (params.get('q') ?? '').trim().slice(0, 100)
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1)
  const list = await asStaff(request, () =>
    session.api.staffCustomers({ pageNumber: page, pageSize: PAGE_SIZE, ...(q ? { q } : {}) }),
  )
  const t = adminTranslator(session.language)
  return {
    list,
    q,
    page,
    pages: Math.max(1, Math.ceil(list.total / PAGE_SIZE)),
    language: session.language,
    title: `${t('CUSTOMERS')} – ${t('ADMIN')}`,
  }
}

const hrefOf = (q: string, page: number) =>
  `/admin/customers?${new URLSearchParams({ ...(q ? { q } : {}), ...(page > 1 ? { page: String(page) } : {}) })}`

export default function AdminCustomers() {
  const { list, q, page, pages, language } = useLoaderData<typeof loader>()
  const t = adminTranslator(language)
  return (
    <>
      <h1>{t('CUSTOMERS')}</h1>
      <Form method="get" className="admin-filter" role="search">
        <TextField name="q" type="search" label={t('SEARCH_CUSTOMERS')} defaultValue={q} required={false} />
        <button type="submit" className="button">
          {t('SEARCH')}
        </button>
      </Form>
      <p aria-live="polite">{t('CUSTOMER_COUNT', { count: list.total })}</p>
      {list.items.length === 0 ? (
        <p>{t('NO_CUSTOMERS')}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                {(['EMAIL', 'COL_NAME', 'COL_NUMBER', 'COL_JOINED', 'COL_ACCOUNT'] as const).map((key) => (
                  <th key={key} scope="col">
                    {t(key)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.items.map((customer) => (
                <tr key={customer.id}>
                  <th scope="row" className="admin-email">
                    <Link to={`/admin/customers/${customer.id}`}>{customer.email}</Link>
                  </th>
                  <td>{customer.name}</td>
                  <td>{customer.number}</td>
                  <td>{formatDateTime(customer.created, language)}</td>
                  <td>{t(customer.blocked ? 'ACCOUNT_BLOCKED' : 'ACCOUNT_ACTIVE')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label={t('PAGING')} className="admin-pager">
        {page > 1 ? <Link to={hrefOf(q, page - 1)}>{t('PREVIOUS')}</Link> : null}
        <span>{t('PAGE_OF', { page, pages })}</span>
        {page < pages ? <Link to={hrefOf(q, page + 1)}>{t('NEXT')}</Link> : null}
      </nav>
    </>
  )
}
