import { Fragment, useState } from 'react'
import { data, Link, type ShouldRevalidateFunction, useFetcher } from 'react-router'
import type { AccountActionResult } from '../features/account/account-actions.server.ts'
import { accountAction } from '../features/account/account-actions.server.ts'
import { statusText } from '../features/account/order-list.tsx'
import { OrderRefunds } from '../features/account/order-refunds.tsx'
import { formatAddressLines } from '../features/address/address-lines.ts'
import { requireCustomer } from '../features/auth/session-user.server.ts'
import { isApiError } from '../lib/api.ts'
import { getSession } from '../lib/context.server.ts'
import { formatDateTime, formatMoney } from '../lib/format.ts'
import { metaT, pageTitle } from '../lib/meta.ts'
import { useShop, useT } from '../lib/shop.ts'
import { taxLineLabel } from '../lib/tax-line.ts'
import { Modal } from '../ui/modal.tsx'
import type { Route } from './+types/order-detail'

export const meta: Route.MetaFunction = ({ matches, params }) => {
  const t = metaT(matches)
  return [
    { title: pageTitle(matches, t('ORDER_DETAIL_TITLE', { id: params.orderId })) },
    { name: 'robots', content: 'noindex' },
  ]
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const session = getSession(context)
  return requireCustomer(request, session, async () => {
    try {
      return { order: await session.api.order(params.orderId) }
    } catch (error) {
      if (isApiError(error, 404) || isApiError(error, 403)) throw data(null, 404)
      throw error
    }
  })
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const session = getSession(context)
  return requireCustomer(request, session, async () => {
    const form = await request.formData()
    form.set('intent', 'cancel-order')
    form.set('orderId', params.orderId)
    const result = await accountAction(session, form)
    return data(result, result.ok ? 200 : 409)
  })
}

/**
 * A refused cancel (409) reloads the order too: its status has moved on (cancelled or shipped elsewhere), so
 * the status and the cancel button follow it while the ORDER_CANCEL_ERROR message stays (fetcher data).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as AccountActionResult | undefined)?.intent === 'cancel-order' || defaultShouldRevalidate

/** One order of the customer (spec §2), with cancel for CREATED or CONFIRMED (spec §4). */
export default function OrderDetail({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData
  const t = useT()
  const { language } = useShop()
  const cancel = useFetcher<AccountActionResult>()
  const [confirming, setConfirming] = useState(false)
  const money = (amount: number) => formatMoney(amount, order.currency, language)
  const cancellable = order.status === 'CREATED' || order.status === 'CONFIRMED'
  // One line per applied coupon with its code, as on the confirmation page; an order without them (placed
  // before they were kept) shows its whole discount on one line.
  const discounts = order.discounts.length
    ? order.discounts.map((d) => ({ label: t('DISCOUNT_WITH_CODE', { code: d.code }), amount: d.amount }))
    : order.totalDiscount > 0
      ? [{ label: t('DISCOUNT'), amount: order.totalDiscount }]
      : []
  return (
    <div className="container account">
      <p>
        <Link to="/account">{t('BACK_TO_ACCOUNT')}</Link>
      </p>
      <h1>{t('ORDER_DETAIL_TITLE', { id: order.id })}</h1>
      <dl className="facts">
        <dt>{t('ORDER_DATE')}</dt>
        <dd>{formatDateTime(order.created, language)}</dd>
        <dt>{t('ORDER_STATUS')}</dt>
        <dd data-testid="order-status">{statusText(t, order.status)}</dd>
      </dl>
      {cancel.data && !cancel.data.ok ? (
        <p className="alert alert--error" role="alert">
          {t('ORDER_CANCEL_ERROR')}
        </p>
      ) : null}
      {cancel.data?.ok ? <p role="status">{t('ORDER_CANCELLED')}</p> : null}
      {cancellable ? (
        <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
          {t('CANCEL_ORDER')}
        </button>
      ) : null}
      <Modal
        open={confirming && cancellable}
        onClose={() => setConfirming(false)}
        title={t('CANCEL_ORDER')}
        closeLabel={t('CLOSE_DIALOG')}
      >
        <cancel.Form method="post" className="stack" onSubmit={() => setConfirming(false)}>
          <p>{t('CANCEL_ORDER_CONFIRM')}</p>
          <div className="actions">
            <button type="submit" className="button button--danger" disabled={cancel.state !== 'idle'}>
              {t('CANCEL_ORDER')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
              {t('CANCEL')}
            </button>
          </div>
        </cancel.Form>
      </Modal>
      <div className="table-scroll">
        <table className="orders-table">
          <thead>
            <tr>
              <th scope="col">{t('ORDER_ITEMS')}</th>
              <th scope="col">{t('QUANTITY_SHORT')}</th>
              <th scope="col">{t('ORDER_TOTAL')}</th>
            </tr>
          </thead>
          <tbody>
            {order.entries.map((e) => (
              <tr key={e.entryNumber}>
                <td>{e.name}</td>
                <td>{e.amount}</td>
                <td>{money(e.totalPrice)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="facts">
        <dt>{t('SUBTOTAL')}</dt>
        <dd>{money(order.subTotalPrice)}</dd>
        <dt>{t('SHIPPING')}</dt>
        <dd>{money(order.shipping.total.amount)}</dd>
        {discounts.map((discount) => (
          <Fragment key={discount.label}>
            <dt>{discount.label}</dt>
            <dd>−{money(discount.amount)}</dd>
          </Fragment>
        ))}
        <dt>{taxLineLabel(t, order.tax)}</dt>
        <dd>{money(order.tax.amount)}</dd>
        <dt>{t('ORDER_TOTAL')}</dt>
        <dd data-testid="order-total">{money(order.totalPrice)}</dd>
      </dl>
      <OrderRefunds order={order} />
      <div className="account__addresses">
        <section>
          <h2>{t('SHIPPING_ADDRESS')}</h2>
          <address>
            {formatAddressLines(order.shippingAddress, language).map((line) => (
              <span key={line} className="address-card__line">
                {line}
              </span>
            ))}
          </address>
        </section>
        <section>
          <h2>{t('BILLING_ADDRESS')}</h2>
          <address>
            {formatAddressLines(order.billingAddress, language).map((line) => (
              <span key={line} className="address-card__line">
                {line}
              </span>
            ))}
          </address>
        </section>
      </div>
    </div>
  )
}
