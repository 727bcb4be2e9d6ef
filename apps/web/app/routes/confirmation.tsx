import { data, Link } from 'react-router'
import { isApiError } from '../lib/api.ts'
import { getSession } from '../lib/context.server.ts'
import { formatMoney } from '../lib/format.ts'
import { metaT, pageTitle } from '../lib/meta.ts'
import { useShop, useT } from '../lib/shop.ts'
import { ALL_PRODUCTS_PATH } from '../lib/slug.ts'
import type { Route } from './+types/confirmation'

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches)
  return [{ title: pageTitle(t, t('CONFIRMATION_TITLE')) }, { name: 'robots', content: 'noindex' }]
}

/** Spec §2 base.confirmation: `/confirmation/order/<id>`, or `/confirmation/checkout/<id>` (order comes later). */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (params.entity === 'checkout') return { order: null, id: params.id }
  if (params.entity !== 'order') throw data(null, 404)
  const { api } = getSession(context)
  const order = await api.order(params.id).catch((error: unknown) => {
    throw isApiError(error, 404) || isApiError(error, 403) ? data(null, 404) : error
  })
  return { order, id: params.id }
}

export default function Confirmation({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const { language } = useShop()
  const { order, id } = loaderData
  const phone = t('CONTACT_PHONE')
  if (!order) {
    return (
      <section className="container page-narrow confirmation">
        <h1>{t('CONFIRMATION_TITLE')}</h1>
        <p>{t('CONFIRMATION_LATER')}</p>
        <p>
          {t('ORDER_NUMBER')}: <strong>{id}</strong>
        </p>
      </section>
    )
  }
  const money = (amount: number) => formatMoney(amount, order.currency, language)
  const a = order.shippingAddress
  const discount = order.discounts[0]
  return (
    <section className="container page-narrow confirmation">
      <div className="confirmation__hero">
        <svg aria-hidden="true" width="48" height="48" viewBox="0 0 24 24" className="confirmation__icon">
          <path
            fill="currentColor"
            d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-2 15-5-5 1.4-1.4 3.6 3.6 7.6-7.6L19 8l-9 9Z"
          />
        </svg>
        <h1>{t('CONFIRMATION_TITLE')}</h1>
        <p>{t('CONFIRMATION_EMAIL', { email: order.customer.email })}</p>
      </div>
      <dl className="facts panel">
        <div>
          <dt>{t('ORDER_NUMBER')}</dt>
          <dd data-testid="order-id">{order.id}</dd>
        </div>
        <div>
          <dt>{t('EMAIL')}</dt>
          <dd>{order.customer.email}</dd>
        </div>
        <div>
          <dt>{t('QUANTITY')}</dt>
          <dd>
            {order.itemCount === 1 ? t('ITEM_COUNT_ONE') : t('ITEMS_COUNT', { count: order.itemCount })}
          </dd>
        </div>
        <div>
          <dt>{t('SHIPPING_ADDRESS')}</dt>
          <dd>
            <address>
              {a.contactName}
              <br />
              {a.companyName ? (
                <>
                  {a.companyName}
                  <br />
                </>
              ) : null}
              {a.street}
              <br />
              {a.streetAppendix ? (
                <>
                  {a.streetAppendix}
                  <br />
                </>
              ) : null}
              {a.city}
              {a.state ? `, ${a.state}` : ''} {a.zipCode}
              <br />
              {a.country}
            </address>
          </dd>
        </div>
      </dl>
      <dl className="totals panel">
        <div className="totals__row">
          <dt>{t('SUBTOTAL')}</dt>
          <dd>{money(order.subTotalPrice)}</dd>
        </div>
        {discount ? (
          <div className="totals__row">
            <dt>
              {t('DISCOUNT')} ({discount.code})
            </dt>
            <dd>{money(-discount.amount)}</dd>
          </div>
        ) : null}
        {order.totalFees > 0 ? (
          <div className="totals__row">
            <dt>{t('FEES')}</dt>
            <dd>{money(order.totalFees)}</dd>
          </div>
        ) : null}
        {order.tax.amount > 0 ? (
          <div className="totals__row">
            <dt>
              {order.tax.included
                ? t('TAX_INCLUDED', { label: order.tax.label || t('TAX') })
                : order.tax.label || t('TAX')}
            </dt>
            <dd>{money(order.tax.amount)}</dd>
          </div>
        ) : null}
        <div className="totals__row">
          <dt>
            {t('SHIPPING')} ({order.shipping.name})
          </dt>
          <dd>{money(order.shipping.total.amount)}</dd>
        </div>
        <div className="totals__row totals__row--total">
          <dt>{t('TOTAL')}</dt>
          <dd data-testid="order-total">{money(order.totalPrice)}</dd>
        </div>
      </dl>
      <p>
        {t('QUESTIONS_CALL')} <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
      </p>
      <Link className="button button--secondary" to={ALL_PRODUCTS_PATH}>
        {t('CONTINUE_SHOPPING')}
      </Link>
    </section>
  )
}
