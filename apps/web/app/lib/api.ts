import { accountCalls } from './api/account.ts'
import { authCalls } from './api/auth.ts'
import { backofficeCalls } from './api/backoffice.ts'
import { backofficeCategoryCalls } from './api/backoffice-categories.ts'
import { backofficeCouponCalls } from './api/backoffice-coupons.ts'
import { backofficeCustomerCalls } from './api/backoffice-customers.ts'
import { backofficeDashboardCalls } from './api/backoffice-dashboard.ts'
import { backofficeImportCalls } from './api/backoffice-import.ts'
import { backofficeMediaCalls } from './api/backoffice-media.ts'
import { backofficeShippingCalls } from './api/backoffice-shipping.ts'
import { backofficeSitesCalls } from './api/backoffice-sites.ts'
import { backofficeStaffCalls } from './api/backoffice-staff.ts'
import { backofficeVariantsCalls } from './api/backoffice-variants.ts'
import { browseCalls } from './api/browse.ts'
import { cartCalls } from './api/cart.ts'
import { catalogueCalls } from './api/catalogue.ts'
import { checkoutCalls } from './api/checkout.ts'
import { consentCalls } from './api/consent.ts'
import { paymentCalls } from './api/payment.ts'
import { searchCalls } from './api/search.ts'
import { staffOrderCalls } from './api/staff-orders.ts'
import { type ApiClientOptions, createTransport, type Transport } from './api/transport.ts'
import { windowCalls } from './api/window.ts'

export type { ProductListParams } from './api/catalogue.ts'
// The errors from their own module: pages import them without the transport (docs/decisions/0071).
export { ApiRequestError, isApiError } from './api/errors.ts'
export { type ApiClientOptions, ContractMismatchError, type Page } from './api/transport.ts'

/** Every area of the client; no two name a call alike. */
const AREAS = [
  authCalls,
  accountCalls,
  catalogueCalls,
  cartCalls,
  checkoutCalls,
  paymentCalls,
  browseCalls,
  searchCalls,
  consentCalls,
  backofficeCalls,
  staffOrderCalls,
  windowCalls,
  backofficeImportCalls,
  backofficeMediaCalls,
  backofficeVariantsCalls,
  backofficeCategoryCalls,
  backofficeShippingCalls,
  backofficeSitesCalls,
  backofficeStaffCalls,
  backofficeCustomerCalls,
  backofficeCouponCalls,
  backofficeDashboardCalls,
] as const
type Area = (transport: Transport) => Record<string, unknown>

/** An intersection of every member of a union (the areas' calls, merged). */
type Merged<U> = (U extends unknown ? (whole: U) => void : never) extends (whole: infer I) => void ? I : never

/** The client: every area's calls. */
export type ApiClient = Merged<ReturnType<(typeof AREAS)[number]>>

/** Which area makes each call, learnt once per process from areas built on a transport that is never used. */
let areaOfCall: Map<string, Area> | undefined
function areaOf(name: string): Area | undefined {
  if (!areaOfCall) {
    areaOfCall = new Map()
    const unused = createTransport({
      fetch: () => Promise.reject(new Error('not a real client')),
      baseUrl: '',
    })
    for (const area of AREAS as readonly Area[])
      for (const call of Object.keys(area(unused))) areaOfCall.set(call, area)
  }
  return areaOfCall.get(name)
}

/**
 * The typed client of the shop API, one area per file; pages reach data only through it. Every call is made
 * from its contract (packages/contracts). Browser code builds only the areas it calls (api/browser.ts). An area's
 * calls are made when the first of them is asked for: a page builds two clients per request (the session's and
 * the shopper's) and uses a few of the 22 areas, and building them all had been 2 % of the bytes a render
 * allocates (docs/decisions/0073).
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const transport = createTransport(options)
  const built = new Map<Area, Record<string, unknown>>()
  return new Proxy({} as ApiClient, {
    get(target, name, receiver) {
      if (typeof name !== 'string') return Reflect.get(target, name, receiver)
      const area = areaOf(name)
      if (!area) return undefined
      let calls = built.get(area)
      if (!calls) {
        calls = area(transport)
        built.set(area, calls)
      }
      return calls[name]
    },
    has: (_target, name) => typeof name === 'string' && areaOf(name) !== undefined,
  })
}
