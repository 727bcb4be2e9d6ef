import type { StaffMe } from '@shop/contracts/staff'
import { redirect } from 'react-router'
import { isApiError } from '../../lib/api.ts'
import type { ShopSession } from '../../lib/context.server.ts'
import { signedInUser } from '../auth/session-user.server.ts'

/** The signed-in staff member, or a redirect to the back office's sign-in (not staff, not signed in). */
export async function requireStaff(session: ShopSession, request: Request): Promise<StaffMe> {
  const url = new URL(request.url)
  const toSignIn = `/admin/sign-in?returnTo=${encodeURIComponent(url.pathname + url.search)}`
  // Nobody signed in: no call (the API's 401 would read as an expired token to replace, spec §8).
  if (!signedInUser(request)) throw redirect(toSignIn)
  try {
    return await session.api.staffMe()
  } catch (error) {
    if (isApiError(error, 401) || isApiError(error, 403)) throw redirect(toSignIn)
    throw error
  }
}

/** A path inside the back office to return to after sign-in (anything else goes to the product list). */
export const adminReturnTo = (value: unknown) =>
  typeof value === 'string' && /^\/admin(\/|\?|$)/.test(value) && !value.startsWith('//') ? value : '/admin'

/**
 * A back-office page's own API calls (they run beside the layout's `requireStaff`): not signed in, or refused
 * (401, 403), is a redirect to the sign-in rather than an error page.
 */
export async function asStaff<T>(request: Request, load: () => Promise<T>): Promise<T> {
  const url = new URL(request.url)
  const toSignIn = `/admin/sign-in?returnTo=${encodeURIComponent(url.pathname + url.search)}`
  if (!signedInUser(request)) throw redirect(toSignIn)
  try {
    return await load()
  } catch (error) {
    if (isApiError(error, 401) || isApiError(error, 403)) throw redirect(toSignIn)
    throw error
  }
}
