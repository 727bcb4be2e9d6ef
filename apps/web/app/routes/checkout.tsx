import { data, redirect } from 'react-router'
import { checkoutEntry } from '../features/auth/checkout-entry.server.ts'
import { signedInUser } from '../features/auth/session-user.server.ts'
import { CheckoutWizard } from '../features/checkout/checkout-wizard.tsx'
import {
  type CheckoutActionData,
  orderFailure,
  orderRequest,
  previewOrder,
  readWizard,
  validateWizard,
} from '../features/checkout/place-order.server.ts'
import { getSession } from '../lib/context.server.ts'
import { metaT, pageTitle } from '../lib/meta.ts'
import { useT } from '../lib/shop.ts'
import { ALL_PRODUCTS_PATH } from '../lib/slug.ts'
import type { Route } from './+types/checkout'

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches)
  return [{ title: pageTitle(matches, t('CHECKOUT_TITLE')) }, { name: 'robots', content: 'noindex' }]
}

/**
 * Spec §2: without a cart (id) checkout goes to all products and opens the cart; checkout needs sign-in or the
 * guest option. A signed-in customer also gets the account details and the address book.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = getSession(context)
  if (!session.cartId) throw redirect(`${ALL_PRODUCTS_PATH}?cart=open`)
  checkoutEntry(request, session)
  const signedIn = Boolean(signedInUser(request))
  const [cart, zones, customer, addresses] = await Promise.all([
    session.api.cart(session.cartId).catch(() => null),
    session.api.shippingZones(session.site.code).catch(() => []),
    signedIn ? session.api.me().catch(() => null) : null,
    signedIn
      ? session.api
          .addresses(100)
          .then((p) => p.items)
          .catch(() => [])
      : [],
  ])
  if (!cart || cart.items.length === 0) throw redirect(`${ALL_PRODUCTS_PATH}?cart=open`)
  return { cart, zones, customer, addresses: addresses ?? [] }
}

/** intent=preview: the order calculation (step 4). intent=order: validation, then the order call. */
export async function action({ request, context }: Route.ActionArgs) {
  const session = getSession(context)
  const form = await request.formData()
  const post = readWizard(form)
  const intent = form.get('intent') === 'preview' ? 'preview' : 'order'
  if (!post || !session.cartId) {
    return data<CheckoutActionData>(
      { intent: 'order', message: 'PLEASE_CORRECT_ERRORS', details: [], errors: {}, status: 400 },
      400,
    )
  }
  const zones = await session.api.shippingZones(session.site.code).catch(() => [])
  const shippable = zones.flatMap((z) => z.shipTo.map((s) => s.countryCode))
  const errors = validateWizard(post, shippable)
  if (Object.keys(errors).length > 0 || (intent === 'order' && !post.token)) {
    const message = intent === 'preview' ? 'PLEASE_CORRECT_ERRORS_PREVIEW' : 'PLEASE_CORRECT_ERRORS'
    return data<CheckoutActionData>(
      intent === 'preview'
        ? { intent, message, details: [], errors }
        : { intent, message, details: [], errors, status: 400 },
      400,
    )
  }
  if (intent === 'preview') return previewOrder(session, session.cartId, post)
  try {
    const created = await session.api.placeOrder(
      orderRequest(session, session.cartId, post),
      post.idempotencyKey || undefined,
    )
    session.setCartId(undefined)
    return created.orderId
      ? redirect(`/confirmation/order/${encodeURIComponent(created.orderId)}`)
      : redirect(`/confirmation/checkout/${encodeURIComponent(created.checkoutId ?? '')}`)
  } catch (error) {
    const failure = orderFailure(error)
    return data(failure, failure.intent === 'order' && failure.status < 500 ? failure.status : 502)
  }
}

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  return (
    <section className="container checkout">
      <h1>{t('CHECKOUT_TITLE')}</h1>
      <CheckoutWizard {...loaderData} />
    </section>
  )
}
