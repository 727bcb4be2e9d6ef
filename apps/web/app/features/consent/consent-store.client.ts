import { type ConsentDecision, consentCookie, decisionFrom } from './consent-cookie.ts'

/** The shopper's consent decision as the browser keeps it (the cookie), and who is told when it changes. */

const listeners = new Set<() => void>()
export const subscribeConsent = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
const changed = () => {
  for (const listener of listeners) listener()
}

export const consentSnapshot = () => document.cookie
export const currentDecision = (): ConsentDecision => decisionFrom(document.cookie)

export function remember(value: string | null): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in older browsers
  document.cookie = consentCookie(value, window.location.protocol === 'https:')
  changed()
}
