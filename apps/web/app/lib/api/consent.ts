import { CREATE_CONSENT_REFERENCE, TRACK_EVENTS } from '@shop/contracts/routes'
import type { TrackingEvent } from '@shop/contracts/tracking'
import { route } from './route.ts'
import type { Transport } from './transport.ts'

// Every page's script makes these calls: by method and path, their contracts loaded only to check answers.
const createReference = route(
  () => import('@shop/contracts/consent').then((m) => m.consentApi.createReference),
  CREATE_CONSENT_REFERENCE,
)
const trackEvents = route(
  () => import('@shop/contracts/tracking').then((m) => m.trackingApi.events),
  TRACK_EVENTS,
)

/** Consent references and tracking events (docs/decisions/0010). */
export function consentCalls({ call }: Transport) {
  return {
    /** The banner's form creates one when the shopper accepts. */
    createConsentReference: () => call(createReference, { body: { purposes: ['tracking'] } }),
    /** A batch of events under the shopper's consent reference. */
    trackEvents: (reference: string, events: TrackingEvent[]) =>
      call(trackEvents, { headers: { 'consent-reference': reference }, body: { events } }),
  }
}
