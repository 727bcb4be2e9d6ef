import {
  CONSENT_COOKIE,
  CONSENT_DECLINED,
  CONSENT_LIFETIME_SECONDS,
  ConsentReferenceIdSchema,
} from '@shop/contracts/consent'

export type ConsentDecision =
  | { kind: 'accepted'; reference: string }
  | { kind: 'declined' }
  | { kind: 'undecided' }

/** The shopper's decision as the consent cookie records it (spec §3 "consent reference" cookie). */
export function decisionFrom(cookieHeader: string): ConsentDecision {
  const value = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${CONSENT_COOKIE}=`))
    ?.slice(CONSENT_COOKIE.length + 1)
  if (value === CONSENT_DECLINED) return { kind: 'declined' }
  if (value && ConsentReferenceIdSchema.safeParse(value).success)
    return { kind: 'accepted', reference: value }
  return { kind: 'undecided' }
}

/** The Set-Cookie-style string for document.cookie: a reference or the decline, kept 180 days. */
export function consentCookie(value: string | null, secure: boolean): string {
  const parts = [
    `${CONSENT_COOKIE}=${value ?? ''}`,
    `Max-Age=${value === null ? 0 : CONSENT_LIFETIME_SECONDS}`,
    'Path=/',
    'SameSite=Lax',
  ]
  if (secure) parts.push('Secure')
  return parts.join('; ')
}
