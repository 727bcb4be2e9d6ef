import type { LoginResponse } from '@shop/contracts/auth'
import { redirect } from 'react-router'
import { isApiError } from '../../lib/api.ts'
import type { ShopSession } from '../../lib/context.server.ts'
import { parseCookies } from '../../lib/cookies.server.ts'
import { GUEST_COOKIE } from './guest-cookie.ts'
import { pagePath } from './paths.ts'

export { isProtectedPath, safeReturnTo } from './paths.ts'

/** HttpOnly hint that the token belongs to a customer (spec behaviour notes: "signed in" = the token has a user name). */
export const USER_COOKIE = 'shop_user'

/**
 * HttpOnly device token of the last account that signed in on this browser by password: it gets the owner past
 * the account-wide lock a stranger's guessing can set (docs/decisions/0031-login-throttling.md).
 */
export const DEVICE_COOKIE = 'shop_device'
const DEVICE_LIFETIME = 365 * 24 * 60 * 60

export function deviceToken(request: Request): string | undefined {
  return parseCookies(request.headers.get('cookie'))[DEVICE_COOKIE] || undefined
}

export function signedInUser(request: Request): string | null {
  return parseCookies(request.headers.get('cookie'))[USER_COOKIE] || null
}

export function signInRedirect(request: Request): never {
  throw redirect(`/sign-in?returnTo=${encodeURIComponent(pagePath(new URL(request.url)))}`)
}

/** A protected loader's guard: no customer hint, or a 401 from the API, opens sign-in and returns here after. */
export async function requireCustomer<T>(
  request: Request,
  session: ShopSession,
  work: () => Promise<T>,
): Promise<T> {
  if (!signedInUser(request)) signInRedirect(request)
  try {
    return await work()
  } catch (error) {
    if (isApiError(error, 401)) {
      session.setCookie(USER_COOKIE, '', { maxAge: 0, httpOnly: true })
      signInRedirect(request)
    }
    throw error
  }
}

/**
 * Keeps the new token (the API rotated it at sign-in) and merges the anonymous cart into the customer's
 * (behaviour notes "Login merge"): into the customer's cart for this site if there is one, else into a new
 * customer cart; without an anonymous cart the customer's cart simply becomes the current one.
 */
export async function completeSignIn(session: ShopSession, result: LoginResponse): Promise<void> {
  session.setCookie('shop_token', result.accessToken, { maxAge: result.expiresIn, httpOnly: true })
  session.setCookie(USER_COOKIE, result.userName, { maxAge: result.expiresIn, httpOnly: true })
  if (result.deviceToken)
    session.setCookie(DEVICE_COOKIE, result.deviceToken, { maxAge: DEVICE_LIFETIME, httpOnly: true })
  const { api, site } = session
  const anonymousCart = session.cartId
  try {
    const carts = await api.customerCarts(result.customerId, site.code).catch(() => [])
    const customerCart = carts.find((cart) => cart.id !== anonymousCart) ?? carts[0]
    if (customerCart && anonymousCart && customerCart.id !== anonymousCart) {
      await api.mergeCarts(customerCart.id, [anonymousCart])
      session.setCartId(customerCart.id)
    } else if (customerCart) {
      session.setCartId(customerCart.id)
    } else if (anonymousCart) {
      const created = await api.createCart(site.code, site.currency)
      await api.mergeCarts(created.cartId, [anonymousCart])
      session.setCartId(created.cartId)
    }
  } catch (error) {
    // The shopper is signed in either way; a failed merge leaves the anonymous cart as it was.
    console.error(error)
  }
}

/**
 * Revokes the token, forgets the customer and resets the cart (spec §4 "Cart: reset on logout"); the guest
 * choice of checkout goes too, so the next shopper on this browser is asked again.
 */
export async function completeSignOut(session: ShopSession): Promise<void> {
  await session.api.logout().catch(() => null)
  session.setCookie('shop_token', '', { maxAge: 0, httpOnly: true })
  session.setCookie(USER_COOKIE, '', { maxAge: 0, httpOnly: true })
  session.setCookie(GUEST_COOKIE, '', { maxAge: 0, httpOnly: true })
  session.setCartId(undefined)
}
