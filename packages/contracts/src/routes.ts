/**
 * The method and path of the calls every storefront page's script can make, in a module without zod: browser
 * code names a call by these and loads its schemas only to check an answer (docs/decisions/0071). The calls'
 * contracts take their method and path from here, so the two cannot differ. One constant per call: a bundler
 * drops a reference to a constant it does not need, not always a read of an object's property.
 */
export const SEARCH_PRODUCTS = { method: 'GET', path: '/api/search/products' } as const
export const CREATE_CONSENT_REFERENCE = { method: 'POST', path: '/api/consent/consentReferences' } as const
export const TRACK_EVENTS = { method: 'POST', path: '/api/tracking/events' } as const
