import { isApiError } from '../../lib/api.ts'
import type { AuthActionData, AuthMessage, SignInView } from './user.ts'

/** Spec §8 sign-in and sign-up: 400 on the password → PASSWORD_INVALID, 401/404 → INVALID_CREDENTIALS, … */
export function authFailure(error: unknown, view: SignInView): AuthActionData {
  if (!isApiError(error)) return { view, error: 'SERVER_UNAVAILABLE' }
  const { status, body } = error
  let message: AuthMessage = 'SERVER_UNAVAILABLE'
  if (status === 400 && body.details.some((d) => /password$/i.test(d.field ?? '')))
    message = 'PASSWORD_INVALID'
  else if (status === 400 && body.details.some((d) => /Name$/.test(d.field ?? ''))) message = 'NAME_INVALID'
  else if (status === 401 || status === 404) message = 'INVALID_CREDENTIALS'
  else if (status === 409) message = 'ACCOUNT_ALREADY_EXISTS'
  else if (status === 403) message = 'ACCOUNT_LOCKED'
  else if (status === 429) {
    const retryAfter = Number((error.raw as { retryAfter?: number } | undefined)?.retryAfter) || 60
    return { view, error: 'TOO_MANY_ATTEMPTS', retryAfter }
  }
  return { view, error: message }
}
