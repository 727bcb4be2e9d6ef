import { allowedTransitions } from '@shop/contracts/order-moves'
import { Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router'
import { adminMeta } from '../../features/admin/meta.ts'
import { orderAction } from '../../features/admin/order-actions.server.ts'
import { OrderDetail } from '../../features/admin/order-detail.tsx'
import orderStyles from '../../features/admin/order-extras.css?url'
import { OrderRefund } from '../../features/admin/order-refund.tsx'
import { OrderTimeline } from '../../features/admin/order-timeline.tsx'
import { asStaff } from '../../features/admin/staff.server.ts'
import { type AdminKey, adminTranslator } from '../../i18n/admin.ts'
import { getSession } from '../../lib/context.server.ts'
import { formatDateTime } from '../../lib/format.ts'
import type { Route } from './+types/order'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: orderStyles }]

export const meta: Route.MetaFunction = adminMeta

/**
 * One order for the staff (docs/decisions/0057-staff-orders.md, 0064-refunds-and-timeline.md): what it holds, its
 * next steps, its refunds and timeline. `refundKey` is made once per rendered page: the refund form posts it, so
 * a double click or a resubmitted page refunds once.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const session = getSession(context)
  const [order, timeline] = await asStaff(request, () =>
    Promise.all([session.api.staffOrder(params.orderId), session.api.orderTimeline(params.orderId)]),
  )
  const t = adminTranslator(session.language)
  return {
    order,
    timeline,
    refundKey: crypto.randomUUID(),
    language: session.language,
    title: `${t('ORDER_TITLE', { id: order.id })} – ${t('ADMIN')}`,
  }
}

/** A status move, a refund or the confirmation again (features/admin/order-actions.server.ts). */
export async function action({ params, request, context }: Route.ActionArgs) {
  return orderAction(getSession(context), request, params.orderId)
}

export default function AdminOrder() {
  const { order, timeline, refundKey, language } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const busy = useNavigation().state !== 'idle'
  const t = adminTranslator(language)
  const next = allowedTransitions(order.status, 'owner')
  const current = t(`STATUS_${order.status}`)
  const moved = result?.intent === 'move' ? result : undefined
  const message =
    moved?.outcome === 'moved'
      ? t('MOVED', { status: current })
      : moved?.outcome === 'refused'
        ? t('MOVE_REFUSED', { status: current })
        : moved?.outcome === 'failed'
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
            <input type="hidden" name="intent" value="move" />
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
      <OrderRefund
        order={order}
        refundKey={refundKey}
        result={result?.intent === 'refund' ? result : undefined}
        language={language}
      />
      <section aria-labelledby="order-papers" className="admin-papers">
        <h2 id="order-papers">{t('ORDER_PAPERS')}</h2>
        <Form method="post">
          <input type="hidden" name="intent" value="resend" />
          <button type="submit" className="button" disabled={busy}>
            {t('RESEND_CONFIRMATION')}
          </button>
        </Form>
        <Link to={`/admin/orders/${encodeURIComponent(order.id)}/packing-slip`}>{t('PACKING_SLIP')}</Link>
        <p role="status" aria-live="polite">
          {result?.intent === 'resend'
            ? t(result.outcome === 'resent' ? 'RESENT' : 'RESEND_REFUSED', { email: order.customer.email })
            : ''}
        </p>
      </section>
      <OrderTimeline order={order} timeline={timeline} language={language} />
    </>
  )
}
