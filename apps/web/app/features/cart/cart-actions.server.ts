import { patterns } from '@shop/contracts/common'
import { COUPON_ERROR_TYPES } from '@shop/contracts/coupon'
import { isApiError } from '../../lib/api.ts'
import type { ShopSession } from '../../lib/context.server.ts'

/** Outcome of a cart form: `error` is a message key (spec §8) or an API error type. */
export type CartActionResult =
  | { ok: true; intent: string; quantity?: number; itemId?: string }
  | { ok: false; intent: string; error: string; status: number; itemId?: string }

export async function addItem(session: ShopSession, form: FormData) {
  const quantity = Number(form.get('quantity'))
  const productId = String(form.get('productId') ?? '')
  const variantId = String(form.get('variantId') ?? '') || undefined
  const item = { productId, variantId, quantity }
  let cartId = session.cartId
  if (!cartId) {
    cartId = (await session.api.createCart(session.site.code, session.site.currency)).cartId
    session.setCartId(cartId)
  }
  try {
    await session.api.addCartItem(cartId, item)
  } catch (error) {
    // Spec §4: a cart that is gone (404) is replaced by a new one on add.
    if (!isApiError(error, 404)) throw error
    cartId = (await session.api.createCart(session.site.code, session.site.currency)).cartId
    session.setCartId(cartId)
    await session.api.addCartItem(cartId, item)
  }
  return quantity
}

/**
 * Coupon redemption as spec §8 and the behaviour notes describe it: a malformed or empty code is
 * COUPON_NOT_VALID without a call; the coupon is looked up first in the cart's currency (404 →
 * COUPON_NOT_VALID, no amount in the cart's currency → COUPON_ERR_CURRENCY), then redeemed on the cart (403 →
 * COUPON_ERR_ANONYMOUS for an anonymous shopper, COUPON_NOT_VALID for a signed-in one; a 400 shows its first
 * detail type uppercased, anything else COUPON_ERROR).
 */
export async function applyCoupon(
  session: ShopSession,
  cartId: string,
  rawCode: string,
  signedIn: boolean,
): Promise<string | null> {
  const code = rawCode.trim()
  if (code.length < 3 || code.length > 24 || !patterns.couponCode.test(code)) return 'COUPON_NOT_VALID'
  try {
    const cart = await session.api.cart(cartId)
    const coupon = await session.api.coupon(code, cart.currency)
    if (coupon.discountAbsolute && coupon.discountAbsolute.currency !== cart.currency)
      return 'COUPON_ERR_CURRENCY'
    await session.api.addDiscount(cartId, code)
    return null
  } catch (error) {
    if (!isApiError(error)) throw error
    if (error.status === 404) return 'COUPON_NOT_VALID'
    // 403: a coupon for some customers only (signed in, counted per customer, or listed).
    if (error.status === 403) return signedIn ? 'COUPON_NOT_VALID' : 'COUPON_ERR_ANONYMOUS'
    const type = error.body.details?.[0]?.type
    if (error.status === 400 && type && (COUPON_ERROR_TYPES as readonly string[]).includes(type))
      return type.toUpperCase()
    return 'COUPON_ERROR'
  }
}
