import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router'
import { formatAddressLines } from '../../features/address/address-lines.ts'
import { adminMeta } from '../../features/admin/meta.ts'
import { asStaff } from '../../features/admin/staff.server.ts'
import { type AdminKey, adminTranslator } from '../../i18n/admin.ts'
import { isApiError } from '../../lib/api.ts'
import { getSession } from '../../lib/context.server.ts'
import { formatDateTime, formatMoney } from '../../lib/format.ts'
import type { Route } from './+types/customer'

export const meta: Route.MetaFunction = adminMeta

/** One customer for the staff (docs/decisions/0068-staff-customers.md): who, addresses, orders, totals, actions. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const session = getSession(context)
  const t = adminTranslator(session.language)
  try {
    const customer = await asStaff(request, () => session.api.staffCustomer(params.customerId))
    return {
      customer,
      language: session.language,
      done: new URL(request.url).searchParams.get('done'),
      title: `${t('CUSTOMER_TITLE', { email: customer.email })} – ${t('ADMIN')}`,
    }
  } catch (error) {
    if (isApiError(error, 404)) throw data(null, 404)
    throw error
  }
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const session = getSession(context)
  const intent = String((await request.formData()).get('intent'))
  const id = params.customerId
  const fail = (message: AdminKey, status: number) => data({ message }, status)
  try {
    if (intent === 'block' || intent === 'unblock') {
      await asStaff(request, () => session.api.blockCustomer(id, intent === 'block'))
      throw redirect(`/admin/customers/${id}?done=${intent}ed`)
    }
    if (intent === 'reset') {
      await asStaff(request, () => session.api.sendCustomerPasswordReset(id))
      throw redirect(`/admin/customers/${id}?done=reset`)
    }
    if (intent === 'erase') {
      await asStaff(request, () => session.api.eraseCustomer(id))
      throw redirect('/admin/customers?erased=1')
    }
  } catch (error) {
    if (isApiError(error, 409)) return fail('CUSTOMER_IS_STAFF', 409)
    if (isApiError(error, 429)) return fail('CUSTOMER_TOO_MANY', 429)
    if (isApiError(error, 404)) throw redirect('/admin/customers')
    throw error
  }
  throw data(null, 400)
}

export default function AdminCustomer() {
  const { customer, language, done } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const busy = useNavigation().state !== 'idle'
  const t = adminTranslator(language)
  const doneKey =
    done && ['blocked', 'unblocked', 'reset'].includes(done) ? (`CUSTOMER_DONE_${done}` as AdminKey) : null
  return (
    <>
      <p>
        <Link to="/admin/customers">{t('ALL_CUSTOMERS')}</Link>
      </p>
      <h1 className="admin-email">{t('CUSTOMER_TITLE', { email: customer.email })}</h1>
      <p>
        {customer.name ? `${customer.name} · ` : ''}
        {t('CUSTOMER_SINCE', {
          number: customer.number,
          date: formatDateTime(customer.created, language),
          language: customer.language ?? '—',
          verified: t(customer.emailVerified ? 'VERIFIED' : 'NOT_VERIFIED'),
        })}
      </p>
      {failure ? (
        <p role="alert" className="admin-alert">
          {t(failure.message)}
        </p>
      ) : doneKey ? (
        <p role="status" className="admin-notice">
          {t(doneKey)}
        </p>
      ) : null}
      {customer.blockedAt ? (
        <p className="admin-alert">
          {t('CUSTOMER_BLOCKED_BY', {
            email: customer.blockedBy ?? '',
            date: formatDateTime(customer.blockedAt, language),
          })}
        </p>
      ) : null}
      <CustomerActions customer={customer} t={t} busy={busy} />
      <section aria-labelledby="customer-totals">
        <h2 id="customer-totals">{t('CUSTOMER_TOTALS')}</h2>
        {customer.totals.length === 0 ? <p>{t('NO_CUSTOMER_ORDERS')}</p> : null}
        {customer.totals.map((row) => (
          <p key={row.currency}>
            {t('TOTALS_LINE', { orders: row.orders, total: formatMoney(row.total, row.currency, language) })}
          </p>
        ))}
      </section>
      <section aria-labelledby="customer-orders">
        <h2 id="customer-orders">{t('CUSTOMER_ORDERS')}</h2>
        {customer.orders.length === 0 ? (
          <p>{t('NO_CUSTOMER_ORDERS')}</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  {(['COL_ORDER', 'COL_PLACED', 'COL_STATUS', 'COL_TOTAL'] as const).map((key) => (
                    <th key={key} scope="col">
                      {t(key)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {customer.orders.map((order) => (
                  <tr key={order.id}>
                    <th scope="row">
                      <Link to={`/admin/orders/${order.id}`}>{order.id}</Link>
                    </th>
                    <td>{formatDateTime(order.created, language)}</td>
                    <td>{t(`STATUS_${order.status}` as AdminKey)}</td>
                    <td className="admin-number">{formatMoney(order.total, order.currency, language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="customer-addresses">
        <h2 id="customer-addresses">{t('CUSTOMER_ADDRESSES')}</h2>
        {customer.addresses.length === 0 ? <p>{t('NO_ADDRESSES')}</p> : null}
        <ul className="admin-cards">
          {customer.addresses.map((address) => (
            <li key={address.id} className="admin-card">
              <address>
                {formatAddressLines(address, language).map((line) => (
                  <span key={line} className="admin-line">
                    {line}
                  </span>
                ))}
              </address>
            </li>
          ))}
        </ul>
      </section>
    </>
  )
}

function CustomerActions({
  customer,
  t,
  busy,
}: {
  customer: { blocked: boolean; email: string }
  t: ReturnType<typeof adminTranslator>
  busy: boolean
}) {
  return (
    <section aria-labelledby="customer-actions" className="admin-steps">
      <h2 id="customer-actions">{t('CUSTOMER_ACTIONS')}</h2>
      <Form method="post">
        <input type="hidden" name="intent" value={customer.blocked ? 'unblock' : 'block'} />
        <button type="submit" className="button" disabled={busy}>
          {t(customer.blocked ? 'UNBLOCK' : 'BLOCK')}
        </button>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="reset" />
        <button type="submit" className="button" disabled={busy}>
          {t('SEND_RESET')}
        </button>
      </Form>
      <details className="admin-danger">
        <summary>{t('ERASE')}</summary>
        <p>{t('ERASE_CONFIRM', { email: customer.email })}</p>
        <Form method="post">
          <input type="hidden" name="intent" value="erase" />
          <button type="submit" className="button button--danger" disabled={busy}>
            {t('ERASE_YES')}
          </button>
        </Form>
      </details>
    </section>
  )
}
