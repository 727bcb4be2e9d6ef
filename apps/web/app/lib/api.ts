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
import { type ApiClientOptions, createTransport } from './api/transport.ts'
import { windowCalls } from './api/window.ts'

export type { ProductListParams } from './api/catalogue.ts'
// The errors from their own module: pages import them without the transport (docs/decisions/0071).
export { ApiRequestError, isApiError } from './api/errors.ts'
export { type ApiClientOptions, ContractMismatchError, type Page } from './api/transport.ts'

/**
 * The typed client of the shop API, one area per file; pages reach data only through it. Every call is made
 * from its contract (packages/contracts). Browser code builds only the areas it calls (api/browser.ts).
 */
export function createApiClient(options: ApiClientOptions) {
  const transport = createTransport(options)
  return {
    ...authCalls(transport),
    ...accountCalls(transport),
    ...catalogueCalls(transport),
    ...cartCalls(transport),
    ...checkoutCalls(transport),
    ...paymentCalls(transport),
    ...browseCalls(transport),
    ...searchCalls(transport),
    ...consentCalls(transport),
    ...backofficeCalls(transport),
    ...staffOrderCalls(transport),
    ...windowCalls(transport),
    ...backofficeImportCalls(transport),
    ...backofficeMediaCalls(transport),
    ...backofficeVariantsCalls(transport),
    ...backofficeCategoryCalls(transport),
    ...backofficeShippingCalls(transport),
    ...backofficeSitesCalls(transport),
    ...backofficeStaffCalls(transport),
    ...backofficeCustomerCalls(transport),
    ...backofficeCouponCalls(transport),
    ...backofficeDashboardCalls(transport),
  }
}

export type ApiClient = ReturnType<typeof createApiClient>
