import type { ConsentReference } from '@shop/contracts/consent'
import type { Transport } from './transport.ts'

/** Consent references (docs/decisions/0010): the banner's form creates one when the shopper accepts. */
export function consentCalls({ json }: Transport) {
  return {
    createConsentReference: () =>
      json<ConsentReference>('POST', '/api/consent/consentReferences', { body: { purposes: ['tracking'] } }),
  }
}
