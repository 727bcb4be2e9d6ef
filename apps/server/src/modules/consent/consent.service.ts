import { randomBytes } from 'node:crypto'
import {
  CONSENT_LIFETIME_SECONDS,
  CONSENT_REFERENCE_HEADER,
  type ConsentReference,
  type CreateConsentReference,
} from '@shop/contracts/consent'
import type { Db } from '../../platform/db/database.ts'
import { AppError, notFound } from '../../platform/http/errors.ts'
import * as repo from './consent.repository.ts'

/** Records the shopper's consent; the reference is the only thing that ties their events together. */
export async function createReference(
  db: Db,
  input: CreateConsentReference,
  now = new Date(),
): Promise<ConsentReference> {
  const purposes = [...new Set(input.purposes ?? ['tracking'])]
  const row = {
    id: randomBytes(24).toString('base64url'),
    purposes: JSON.stringify(purposes),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + CONSENT_LIFETIME_SECONDS * 1000).toISOString(),
  }
  await repo.insertReference(db, row)
  return toView(row)
}

/** Withdrawal: the reference and every event sent with it are deleted. */
export async function withdrawReference(db: Db, id: string): Promise<void> {
  if (!(await repo.deleteReference(db, id))) throw notFound('Consent reference', id)
}

/**
 * The reference a tracking call names, if it is known, unexpired and covers tracking; otherwise a 403 whose
 * detail says why (the storefront then forgets the reference and asks again).
 */
export async function assertTrackingConsent(db: Db, id: string, now = new Date()): Promise<void> {
  const row = await repo.findReference(db, id)
  const problem = !row
    ? { type: 'consent_reference_unknown', message: 'No consent was given with this reference' }
    : row.expires_at <= now.toISOString()
      ? { type: 'consent_reference_expired', message: 'The consent given with this reference has expired' }
      : !(JSON.parse(row.purposes) as string[]).includes('tracking')
        ? { type: 'consent_purpose_missing', message: 'This consent does not cover tracking' }
        : null
  if (problem) {
    throw new AppError(403, 'consent_required', 'Tracking needs a valid consent reference', [
      { field: `headers.${CONSENT_REFERENCE_HEADER}`, ...problem },
    ])
  }
}

export const deleteExpiredReferences = (db: Db, now = new Date()) => repo.deleteExpired(db, now.toISOString())

function toView(row: repo.ConsentReferenceRow): ConsentReference {
  return {
    id: row.id,
    purposes: JSON.parse(row.purposes),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  }
}
