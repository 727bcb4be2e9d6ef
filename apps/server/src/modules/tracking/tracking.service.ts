import { CONSENT_LIFETIME_SECONDS } from '@shop/contracts/consent'
import type { TrackingEvent, TrackingResult } from '@shop/contracts/tracking'
import type { Db } from '../../platform/db/database.ts'
import { assertTrackingConsent, deleteExpiredReferences } from '../consent/consent.service.ts'
import * as repo from './tracking.repository.ts'

/** Events are kept as long as a consent lasts (docs/decisions/0010). */
export const TRACKING_RETENTION_MS = CONSENT_LIFETIME_SECONDS * 1000

/**
 * Stores a batch sent with a consent reference: refused without valid consent, stored in one statement,
 * and idempotent per event id, so the storefront can resend its queue after a failure without duplicates.
 */
export async function recordEvents(
  db: Db,
  consentReference: string,
  events: TrackingEvent[],
  now = new Date(),
): Promise<TrackingResult> {
  await assertTrackingConsent(db, consentReference, now)
  const unique = [...new Map(events.map((e) => [e.id, e])).values()]
  const receivedAt = now.toISOString()
  const stored = await repo.insertEvents(
    db,
    unique.map((e) => ({
      consent_reference_id: consentReference,
      event_id: e.id,
      type: e.type,
      path: e.type === 'pageView' ? e.path : null,
      product_id: e.type === 'addToCart' ? e.productId : null,
      variant_id: e.type === 'addToCart' ? (e.variantId ?? null) : null,
      quantity: e.type === 'addToCart' ? e.quantity : null,
      occurred_at: new Date(e.occurredAt).toISOString(),
      received_at: receivedAt,
    })),
  )
  return { stored: stored.length, duplicates: events.length - stored.length }
}

/** Retention: events older than the retention and expired consent references (with their events) go. */
export async function purgeExpired(
  db: Db,
  now = new Date(),
): Promise<{ events: number; references: number }> {
  const events = await repo.deleteReceivedBefore(
    db,
    new Date(now.getTime() - TRACKING_RETENTION_MS).toISOString(),
  )
  const references = await deleteExpiredReferences(db, now)
  return { events, references }
}
