import type { StaffMe } from '@shop/contracts/staff'
import { data, redirect } from 'react-router'
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
 * A back-office page's own API calls (they run beside the layout's `requireStaff`): not signed in (401) is a
 * redirect to the sign-in; a staff role the call does not admit (403) is the layout's "may not open this page"
 * (a shopper never gets that far: the layout sends them to the sign-in first), or a redirect to `forbiddenTo`
 * (the product list sends the order staff to their orders).
 */
export async function asStaff<T>(
  request: Request,
  load: () => Promise<T>,
  options: { forbiddenTo?: string } = {},
): Promise<T> {
  const url = new URL(request.url)
  const toSignIn = `/admin/sign-in?returnTo=${encodeURIComponent(url.pathname + url.search)}`
  if (!signedInUser(request)) throw redirect(toSignIn)
  try {
    return await load()
  } catch (error) {
    if (isApiError(error, 401)) throw redirect(toSignIn)
    if (isApiError(error, 403) && options.forbiddenTo) throw redirect(options.forbiddenTo)
    if (isApiError(error, 403)) throw data({ forbidden: true }, 403)
    throw error
  }
}
