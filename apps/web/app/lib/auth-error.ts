/**
 * Spec §6/§8: a 403 while signed in shows "You are not authorized to access this resource!"; while anonymous
 * the user-auth-error event is emitted, and the account menu answers it by opening the sign-in dialog. The
 * same event serves a 401 on a protected screen ("a 401 there opens the login dialog").
 */
export const USER_AUTH_ERROR = 'shop:user-auth-error'

export type ForbiddenView = 'not-authorized' | 'sign-in'

export function forbiddenView(signedIn: boolean): ForbiddenView {
  return signedIn ? 'not-authorized' : 'sign-in'
}

export function emitUserAuthError(): void {
  window.dispatchEvent(new Event(USER_AUTH_ERROR))
}

export function onUserAuthError(listener: () => void): () => void {
  window.addEventListener(USER_AUTH_ERROR, listener)
  return () => window.removeEventListener(USER_AUTH_ERROR, listener)
}
