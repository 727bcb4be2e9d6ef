import type { CONSENT_COOKIE as COOKIE, CONSENT_DECLINED as DECLINED } from '@shop/contracts/consent'

// The contract's names and rules, written out: its module carries zod, which the browser's first load does not
// (docs/decisions/0071). The literals are typed by the contract; the rest is compared with it in tracking-queue.test.ts.
const CONSENT_COOKIE: typeof COOKIE = 'shop_consent'
const CONSENT_DECLINED: typeof DECLINED = 'declined'
/** CONSENT_LIFETIME_SECONDS: 180 days. */
export const CONSENT_LIFETIME_SECONDS = 180 * 24 * 60 * 60
/** ConsentReferenceIdSchema: 32 URL-safe characters. */
export const CONSENT_REFERENCE = /^[A-Za-z0-9_-]{32}$/

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
  if (value && CONSENT_REFERENCE.test(value)) return { kind: 'accepted', reference: value }
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
