import type { OrderRequest } from '@shop/contracts/order'
import { data, redirect } from 'react-router'
import { checkoutEntry } from '../features/auth/checkout-entry.server.ts'
import { CheckoutForm } from '../features/checkout/checkout-form.tsx'
import { type FieldErrors, fieldOfDetail, readValues, validateCheckout } from '../features/checkout/fields.ts'
import type { MessageKey } from '../i18n/index.ts'
import { isApiError } from '../lib/api.ts'
import { getSession } from '../lib/context.server.ts'
import { metaT, pageTitle } from '../lib/meta.ts'
import { useT } from '../lib/shop.ts'
import { ALL_PRODUCTS_PATH } from '../lib/slug.ts'
import type { Route } from './+types/checkout'

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches)
  return [{ title: pageTitle(t, t('CHECKOUT_TITLE')) }, { name: 'robots', content: 'noindex' }]
}

/**
 * Spec §2: without a cart (id) checkout goes to all products and opens the cart; checkout needs sign-in or the
 * guest option, so an anonymous shopper gets the sign-in dialog with "Continue as guest" first.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = getSession(context)
  if (!session.cartId) throw redirect(`${ALL_PRODUCTS_PATH}?cart=open`)
  checkoutEntry(request, session)
  const [cart, zones] = await Promise.all([
    session.api.cart(session.cartId).catch(() => null),
    session.api.shippingZones(session.site.code).catch(() => []),
  ])
  if (!cart || cart.items.length === 0) throw redirect(`${ALL_PRODUCTS_PATH}?cart=open`)
  return { cart, zones }
}

export interface CheckoutActionData {
  errors: FieldErrors
  message?: MessageKey
  details?: string[]
}

/** Place order: the card is already a token (made in the browser); here only validation and the order call. */
export async function action({ request, context }: Route.ActionArgs) {
  const session = getSession(context)
  const form = await request.formData()
  const values = readValues(form)
  const token = String(form.get('paymentToken') ?? '')
  const totalPrice = Number(form.get('totalPrice'))
  const errors = validateCheckout(values)
  if (Object.keys(errors).length > 0 || !session.cartId || !token) {
    return data<CheckoutActionData>({ errors, message: 'PLEASE_CORRECT_ERRORS' }, 400)
  }
  const [zoneId = '', methodId = ''] = values.shippingMethod.split('|')
  const address = {
    contactName: values.contactName.trim(),
    street: values.street.trim(),
    streetAppendix: values.streetAppendix.trim() || undefined,
    city: values.city.trim(),
    zipCode: values.zipCode.trim(),
    country: values.country,
    state: values.state.trim() || undefined,
  }
  const order: OrderRequest = {
    cartId: session.cartId,
    payment: { paymentId: 'test-card', customAttributes: { token } },
    currency: session.site.currency,
    shipping: { zoneId, methodId },
    totalPrice,
    // Behaviour notes: "same as shipping" is the default and copies shipping into billing.
    addresses: [
      { ...address, type: 'SHIPPING' },
      { ...address, type: 'BILLING' },
    ],
    customer: {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
    },
  }
  try {
    const created = await session.api.placeOrder(order)
    session.setCartId(undefined)
    return created.orderId
      ? redirect(`/confirmation/order/${encodeURIComponent(created.orderId)}`)
      : redirect(`/confirmation/checkout/${encodeURIComponent(created.checkoutId ?? '')}`)
  } catch (error) {
    if (!isApiError(error)) throw error
    const fieldErrors: FieldErrors = {}
    for (const detail of error.body.details) {
      const field = fieldOfDetail(detail.field)
      if (field) fieldErrors[field] = 'FIELD_INVALID'
    }
    if (error.status === 402) {
      return data<CheckoutActionData>(
        { errors: { cardNumber: 'CARD_DECLINED' }, message: 'CARD_DECLINED' },
        402,
      )
    }
    const message: MessageKey =
      error.status >= 500
        ? 'ORDER_SYSTEM_UNAVAILABLE'
        : error.body.type === 'total_changed'
          ? 'TOTAL_CHANGED'
          : Object.keys(fieldErrors).length
            ? 'PLEASE_CORRECT_ERRORS'
            : 'ORDER_NOT_PROCESSED'
    const details =
      error.status >= 500
        ? []
        : [`${error.status}: ${error.body.message}`, ...error.body.details.map((d) => d.message)]
    return data<CheckoutActionData>(
      { errors: fieldErrors, message, details },
      error.status >= 500 ? 502 : error.status,
    )
  }
}

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  return (
    <section className="container checkout">
      <h1>{t('CHECKOUT_TITLE')}</h1>
      <CheckoutForm cart={loaderData.cart} zones={loaderData.zones} />
    </section>
  )
}
