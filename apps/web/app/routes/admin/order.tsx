import { ORDER_STATUSES, type OrderStatus } from '@shop/contracts/order'
import { allowedTransitions } from '@shop/contracts/order-moves'
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router'
import { OrderDetail } from '../../features/admin/order-detail.tsx'
import { asStaff } from '../../features/admin/staff.server.ts'
import { type AdminKey, adminTranslator } from '../../i18n/admin.ts'
import { isApiError } from '../../lib/api.ts'
import { getSession } from '../../lib/context.server.ts'
import { formatDateTime } from '../../lib/format.ts'
import type { Route } from './+types/order'

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title ?? 'Back office' },
  { name: 'robots', content: 'noindex' },
]

/** One order for the staff (docs/decisions/0057-staff-orders.md): what it holds and its next steps. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const session = getSession(context)
  const order = await asStaff(request, () => session.api.staffOrder(params.orderId))
  const t = adminTranslator(session.language)
  return { order, language: session.language, title: `${t('ORDER_TITLE', { id: order.id })} – ${t('ADMIN')}` }
}

/** A step: the server allows it or answers 409 (someone else moved the order first) or 502 (the provider). */
export async function action({ params, request, context }: Route.ActionArgs) {
  const session = getSession(context)
  const status = String((await request.formData()).get('status'))
  if (!(ORDER_STATUSES as readonly string[]).includes(status))
    return data({ outcome: 'refused' as const }, 400)
  try {
    await asStaff(request, () => session.api.moveOrder(params.orderId, status as OrderStatus))
    return { outcome: 'moved' as const, status }
  } catch (error) {
    if (isApiError(error, 409)) return data({ outcome: 'refused' as const }, 409)
    if (isApiError(error, 502)) return data({ outcome: 'failed' as const }, 502)
    throw error
  }
}

export default function AdminOrder() {
  const { order, language } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const busy = useNavigation().state !== 'idle'
  const t = adminTranslator(language)
  const next = allowedTransitions(order.status, 'owner')
  const current = t(`STATUS_${order.status}`)
  const message =
    result?.outcome === 'moved'
      ? t('MOVED', { status: current })
      : result?.outcome === 'refused'
        ? t('MOVE_REFUSED', { status: current })
        : result?.outcome === 'failed'
          ? t('MOVE_FAILED')
          : ''
  return (
    <>
      <p>
        <Link to="/admin/orders">{t('ALL_ORDERS')}</Link>
      </p>
      <div className="admin-heading">
        <h1>{t('ORDER_TITLE', { id: order.id })}</h1>
        <p className="admin-status">{current}</p>
      </div>
      <p>
        {t('ORDER_PLACED', { date: formatDateTime(order.created, language), site: order.siteCode })} ·{' '}
        <span className="admin-email">{order.customer.email}</span>
      </p>
      <p role="status" aria-live="polite">
        {message}
      </p>
      <section aria-labelledby="order-steps" className="admin-steps">
        <h2 id="order-steps">{t('ORDER_STEPS')}</h2>
        {next.length === 0 ? <p>{t('ORDER_FINAL')}</p> : null}
        {next.map((status) => (
          <Form method="post" key={status}>
            <input type="hidden" name="status" value={status} />
            <button
              type="submit"
              className={status === 'DECLINED' ? 'button button--danger' : 'button button--primary'}
              disabled={busy}
            >
              {t(`MOVE_TO_${status}` as AdminKey)}
            </button>
          </Form>
        ))}
      </section>
      <OrderDetail order={order} language={language} />
    </>
  )
}
