import { useId } from 'react'
import { data, Form, Link, useNavigation } from 'react-router'
import { authFailure } from '../features/auth/errors.ts'
import { completeSignIn, signedInUser } from '../features/auth/session-user.server.ts'
import type { MessageKey } from '../i18n/index.ts'
import { isApiError } from '../lib/api.ts'
import { getSession } from '../lib/context.server.ts'
import { formatMoney } from '../lib/format.ts'
import { metaT, pageTitle } from '../lib/meta.ts'
import { useShop, useT } from '../lib/shop.ts'
import { ALL_PRODUCTS_PATH } from '../lib/slug.ts'
import { taxLineLabel } from '../lib/tax-line.ts'
import { EmailText } from '../ui/email-text.tsx'
import { TextField } from '../ui/form/text-field.tsx'
import type { Route } from './+types/confirmation'

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches)
  return [{ title: pageTitle(matches, t('CONFIRMATION_TITLE')) }, { name: 'robots', content: 'noindex' }]
}

/** Spec §2 base.confirmation: `/confirmation/order/<id>`, or `/confirmation/checkout/<id>` (order comes later). */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const signedIn = signedInUser(request) !== null
  if (params.entity === 'checkout') return { order: null, id: params.id, signedIn }
  if (params.entity !== 'order') throw data(null, 404)
  const { api } = getSession(context)
  const order = await api.order(params.id).catch((error: unknown) => {
    throw isApiError(error, 404) || isApiError(error, 403) ? data(null, 404) : error
  })
  return { order, id: params.id, signedIn }
}

type SignupResult = { done: true } | { done: false; error: MessageKey; retryAfter?: number }

/**
 * Sign-up after purchase (guests only): the password makes an account that owns this order; the API checks
 * that the shopper's token belongs to the guest session that placed it. Spec §8 messages for the failures.
 */
export async function action({ params, context, request }: Route.ActionArgs) {
  const session = getSession(context)
  const form = await request.formData()
  const password = String(form.get('password') ?? '')
  const fail = (error: MessageKey, status: number, retryAfter?: number) =>
    data<SignupResult>({ done: false, error, retryAfter }, status)
  if (form.get('confirm') !== password) return fail('FIELDS_NOT_MATCHING', 400)
  try {
    const result = await session.api.signupAfterOrder({ orderId: params.id, password })
    await completeSignIn(session, result)
    return { done: true } satisfies SignupResult
  } catch (error) {
    // The sign-up's own §8 mapping, except that an order this session cannot claim is its own message.
    const status = isApiError(error) ? error.status : 500
    if (status === 401 || status === 403 || status === 404)
      return fail('SIGNUP_AFTER_ORDER_NOT_AVAILABLE', status)
    const failure = authFailure(error, 'signup')
    return fail(failure.error ?? 'SERVER_UNAVAILABLE', status, failure.retryAfter)
  }
}

export default function Confirmation({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const { order, id, signedIn } = loaderData
  const phone = useShop().site.contactPhone ?? t('CONTACT_PHONE')
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
  const a = order.shippingAddress
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
          <dd data-testid="order-id">
            {signedIn ? (
              <Link to={`/account/orders/${encodeURIComponent(order.id)}`}>{order.id}</Link>
            ) : (
              order.id
            )}
          </dd>
        </div>
        <div>
          <dt>{t('EMAIL')}</dt>
          <dd>
            <EmailText email={order.customer.email} />
          </dd>
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
      <OrderTotals order={order} />
      {actionData?.done ? (
        <p className="alert" role="status">
          {t('SIGNUP_AFTER_ORDER_DONE')}
        </p>
      ) : null}
      {!signedIn ? <SignupAfterOrder email={order.customer.email} result={actionData} /> : null}
      <p>
        {t('QUESTIONS_CALL')} <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
      </p>
      <Link className="button button--secondary" to={ALL_PRODUCTS_PATH}>
        {t('CONTINUE_SHOPPING')}
      </Link>
    </section>
  )
}

type ConfirmedOrder = NonNullable<Route.ComponentProps['loaderData']['order']>

/** The order's subtotal, discounts, fees, tax, shipping and total. */
function OrderTotals({ order }: { order: ConfirmedOrder }) {
  const t = useT()
  const { language } = useShop()
  const money = (amount: number) => formatMoney(amount, order.currency, language)
  // One line per applied coupon with its code; an order without them (placed before they were kept) shows
  // its whole discount on one line.
  const discounts = order.discounts.length
    ? order.discounts.map((d) => ({ label: t('DISCOUNT_WITH_CODE', { code: d.code }), amount: d.amount }))
    : order.totalDiscount > 0
      ? [{ label: t('DISCOUNT'), amount: order.totalDiscount }]
      : []
  return (
    <dl className="totals panel">
      <div className="totals__row">
        <dt>{t('SUBTOTAL')}</dt>
        <dd>{money(order.subTotalPrice)}</dd>
      </div>
      {discounts.map((discount) => (
        <div className="totals__row" key={discount.label}>
          <dt>{discount.label}</dt>
          <dd>{money(-discount.amount)}</dd>
        </div>
      ))}
      {order.totalFees > 0 ? (
        <div className="totals__row">
          <dt>{t('FEES')}</dt>
          <dd>{money(order.totalFees)}</dd>
        </div>
      ) : null}
      {order.tax.amount > 0 ? (
        <div className="totals__row">
          <dt>{taxLineLabel(t, order.tax)}</dt>
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
  )
}

/** The guest's sign-up-after-purchase form (spec §2 confirmation): the e-mail of the order plus a password. */
function SignupAfterOrder({ email, result }: { email: string; result: SignupResult | undefined }) {
  const t = useT()
  const headingId = useId()
  const busy = useNavigation().state === 'submitting'
  const error = result && !result.done ? result : null
  return (
    <section className="panel signup-after-order" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('SIGNUP_AFTER_ORDER_TITLE')}</h2>
      <p>{t('SIGNUP_AFTER_ORDER_TEXT', { email })}</p>
      {error ? (
        <p className="alert alert--error" role="alert">
          {t(error.error, { seconds: error.retryAfter ?? 60 })}
        </p>
      ) : null}
      <Form method="post" className="auth-form">
        <TextField
          name="password"
          type="password"
          label={t('PASSWORD')}
          autoComplete="new-password"
          hint={t('PASSWORD_HINT')}
          minLength={8}
        />
        <TextField name="confirm" type="password" label={t('CONFIRM_PASSWORD')} autoComplete="new-password" />
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('SIGNUP_AFTER_ORDER_SUBMIT')}
        </button>
      </Form>
    </section>
  )
}
