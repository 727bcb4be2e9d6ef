import { useRouteLoaderData } from 'react-router'

/** The signed-in customer's e-mail from the root loader (null when anonymous). */
export function useSignedInUser(): string | null {
  const data = useRouteLoaderData('root') as { user?: string | null } | undefined
  return data?.user ?? null
}

/** Messages of the sign-in area that an action may answer with. */
export type AuthMessage =
  | 'PASSWORD_INVALID'
  | 'INVALID_CREDENTIALS'
  | 'ACCOUNT_ALREADY_EXISTS'
  | 'ACCOUNT_LOCKED'
  | 'SERVER_UNAVAILABLE'
  | 'LOGIN_FAILED'
  | 'COOKIES_DISABLED'
  | 'NAME_INVALID'
  | 'TOO_MANY_ATTEMPTS'
  | 'FIELDS_NOT_MATCHING'
  | 'EMAIL_NOT_FOUND'
  | 'REQUEST_PW_EXPIRED_MSG'
  | 'PW_CHANGE_FAILED'

export type SignInView = 'signin' | 'signup' | 'reset' | 'sent'

export interface AuthActionData {
  view: SignInView
  error?: AuthMessage
  retryAfter?: number
  email?: string
}
