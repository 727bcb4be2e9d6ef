import { redirect } from 'react-router'
import type { ShopSession } from '../../lib/context.server.ts'
import { parseCookies } from '../../lib/cookies.server.ts'
import { GUEST_COOKIE } from './guest-cookie.ts'
import { pagePath } from './paths.ts'
import { signedInUser } from './session-user.server.ts'

/** How long the guest choice is remembered (a day: the cookie helper has no session-only cookies). */
const GUEST_LIFETIME = 24 * 60 * 60

/**
 * Checkout needs sign-in or the guest option (spec §2 base.checkout.details): a signed-in customer goes
 * straight on; `?guest=1` (the dialog's "Continue as guest") goes on and remembers the choice in a cookie, so
 * that /checkout works again on reload; anyone else gets the sign-in dialog with the guest option and returns to checkout.
 */
export function checkoutEntry(request: Request, session: ShopSession): void {
  if (signedInUser(request)) return
  const url = new URL(request.url)
  if (url.searchParams.get('guest') === '1') {
    session.setCookie(GUEST_COOKIE, '1', { maxAge: GUEST_LIFETIME, httpOnly: true })
    return
  }
  if (parseCookies(request.headers.get('cookie'))[GUEST_COOKIE] === '1') return
  const returnTo = pagePath(url)
  throw redirect(`/sign-in?returnTo=${encodeURIComponent(returnTo)}&guest=offer`)
}
