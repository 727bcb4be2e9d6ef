import { data } from 'react-router'
import { signedInUser } from '../features/auth/session-user.server.ts'
import { addItem, applyCoupon, type CartActionResult } from '../features/cart/cart-actions.server.ts'
import { CartContents } from '../features/cart/cart-contents.tsx'
import { isApiError } from '../lib/api.ts'
import { getSession } from '../lib/context.server.ts'
import { metaT, pageTitle } from '../lib/meta.ts'
import { useT } from '../lib/shop.ts'
import type { Route } from './+types/cart'

export type { CartActionResult } from '../features/cart/cart-actions.server.ts'

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches)
  return [{ title: pageTitle(matches, t('YOUR_CART')) }, { name: 'robots', content: 'noindex' }]
}

const fail = (intent: string, error: string, status: number, itemId?: string) =>
  data({ ok: false, intent, error, status, ...(itemId && { itemId }) } as CartActionResult, status)

/** Cart mutations for the whole shop: add (product page); lines, notes, coupons and tax estimate (cart panel). */
export async function action({ request, context }: Route.ActionArgs) {
  const session = getSession(context)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const itemId = String(form.get('itemId') ?? '') || undefined
  const cartId = session.cartId
  try {
    if (intent === 'add')
      return { ok: true, intent, quantity: await addItem(session, form) } as CartActionResult
    if (!cartId) return fail(intent, 'no_cart', 404, itemId)
    const { api } = session
    switch (intent) {
      case 'update':
        await api.updateCartItem(cartId, itemId ?? '', Number(form.get('quantity')))
        break
      case 'remove':
        await api.removeCartItem(cartId, itemId ?? '')
        break
      case 'note':
        await api.setCartItemNote(cartId, itemId ?? '', String(form.get('comment') ?? ''))
        break
      case 'coupon': {
        const signedIn = signedInUser(request) !== null
        const error = await applyCoupon(session, cartId, String(form.get('code') ?? ''), signedIn)
        if (error) return fail(intent, error, 400)
        break
      }
      case 'remove-coupon':
        await api.removeDiscount(cartId, String(form.get('discountId') ?? ''))
        break
      case 'remove-coupons':
        await api.removeDiscounts(cartId)
        break
      case 'estimate': {
        const countryCode = String(form.get('countryCode') ?? '')
        const zipCode = String(form.get('zipCode') ?? '').trim()
        // Spec §5: both fields are needed, else the estimation error.
        if (!countryCode || !zipCode) return fail(intent, 'TAX_ESTIMATION_ERROR', 400)
        await api.setCartDestination(cartId, countryCode, zipCode)
        break
      }
      default:
        return fail(intent, 'unknown_intent', 400)
    }
    return { ok: true, intent, ...(itemId && { itemId }) } as CartActionResult
  } catch (error) {
    if (!isApiError(error)) throw error
    if (intent === 'estimate') return fail(intent, 'TAX_ESTIMATION_ERROR', 400)
    return fail(intent, error.body.type, error.status >= 500 ? 502 : error.status, itemId)
  }
}

/** Without JavaScript the cart toggle's content is reachable as a page. */
export default function CartPage() {
  const t = useT()
  return (
    <section className="container page-narrow">
      <h1>{t('YOUR_CART')}</h1>
      <CartContents />
    </section>
  )
}
