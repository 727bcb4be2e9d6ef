import {
  backofficeSitesApi as api,
  type ShopSettingsInput,
  type StaffNewSiteInput,
  type StaffSiteInput,
} from '@shop/contracts/backoffice-sites'
import type { Transport } from './transport.ts'

/** The owner's sites and shop settings (server-side only, /admin/sites and /admin/settings). */
export function backofficeSitesCalls({ call }: Transport) {
  return {
    staffSites: () => call(api.sites),
    createSite: (body: StaffNewSiteInput) => call(api.createSite, { body }),
    updateSite: (code: string, body: StaffSiteInput) => call(api.updateSite, { params: { code }, body }),
    shopSettings: () => call(api.shopSettings),
    updateShopSettings: (body: ShopSettingsInput) => call(api.updateShopSettings, { body }),
  }
}
