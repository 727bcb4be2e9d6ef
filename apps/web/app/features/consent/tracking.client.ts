import type { TrackingEvent } from '@shop/contracts/tracking'
import { browserTransport } from '../../lib/api/browser.ts'
import { consentCalls } from '../../lib/api/consent.ts'
import { isApiError } from '../../lib/api/errors.ts'
import { currentDecision, remember } from './consent-store.client.ts'
import { acknowledge, clearQueue, enqueue, nextBatch } from './tracking-queue.ts'

/**
 * The browser side of consent and tracking (docs/decisions/0010). Without an accepted consent nothing is
 * queued and nothing is sent. Events wait in localStorage until the shop has acknowledged them; the queue
 * is sent when an event is tracked, when the page loads and when the browser comes back online. Loaded when
 * the shopper chooses or has accepted (consent-banner.tsx), not with every page (docs/decisions/0071).
 */

/** Creates a consent reference (the same API call as the banner's no-script form) and remembers it. */
export async function acceptTracking(): Promise<void> {
  const reference = await consentCalls(browserTransport()).createConsentReference()
  remember(reference.id)
}

export function declineTracking(): void {
  clearQueue(window.localStorage)
  remember('declined')
}

type NewEvent =
  | { type: 'pageView'; path: string }
  | { type: 'addToCart'; productId: string; variantId?: string; quantity: number }

/** Queues an event and sends the queue; a no-op without accepted consent. */
export function track(event: NewEvent): void {
  if (currentDecision().kind !== 'accepted') return
  enqueue(window.localStorage, {
    ...event,
    id: eventId(),
    occurredAt: new Date().toISOString(),
  } as TrackingEvent)
  void flush()
}

let flushing: Promise<void> | null = null

/** Sends the queued events in batches; stops at the first failure and keeps what was not acknowledged. */
export function flush(): Promise<void> {
  flushing ??= sendQueue().finally(() => {
    flushing = null
  })
  return flushing
}

async function sendQueue(): Promise<void> {
  const storage = window.localStorage
  for (;;) {
    const decision = currentDecision()
    if (decision.kind !== 'accepted') return clearQueue(storage)
    if (!navigator.onLine) return
    const batch = nextBatch(storage)
    if (batch.length === 0) return
    try {
      await consentCalls(browserTransport()).trackEvents(decision.reference, batch)
    } catch (error) {
      if (isApiError(error, 403)) {
        // The consent is unknown or expired: forget it and its events; the banner asks again.
        clearQueue(storage)
        return remember(null)
      }
      // Offline, unreachable, 429, 5xx: the events stay queued for the next try.
      if (!isApiError(error, 400) && !isApiError(error, 413)) return
    }
    acknowledge(storage, batch)
  }
}

function eventId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}
