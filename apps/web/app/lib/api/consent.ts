import { consentApi } from '@shop/contracts/consent'
import { type TrackingEvent, trackingApi } from '@shop/contracts/tracking'
import type { Transport } from './transport.ts'

/** Consent references and tracking events (docs/decisions/0010). */
export function consentCalls({ call }: Transport) {
  return {
    /** The banner's form creates one when the shopper accepts. */
    createConsentReference: () => call(consentApi.createReference, { body: { purposes: ['tracking'] } }),
    /** A batch of events under the shopper's consent reference. */
    trackEvents: (reference: string, events: TrackingEvent[]) =>
      call(trackingApi.events, { headers: { 'consent-reference': reference }, body: { events } }),
  }
}
