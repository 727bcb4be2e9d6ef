import { catalogueApi } from '@shop/contracts/catalogue'
import { feeApi } from '@shop/contracts/fee'
import { shippingApi } from '@shop/contracts/shipping'
import type { Transport } from './transport.ts'

/** What the product page reads of an item's fee (a part of the contract's Fee, spec §3). */
export interface ItemFee {
  id: string
  name: string
  feeType: string
  feeAbsolute: { amount: number; currency: string }
  itemYrn: string
}

/** What the product page reads besides the product: shipping zones, item fees, schema metadata. */
export function browseCalls({ call }: Transport) {
  return {
    shippingZones: (siteCode: string) =>
      call(shippingApi.zones, {
        params: { site: siteCode },
        query: { expand: 'methods,fees', activeMethods: 'true' },
      }),
    itemFees: (itemYrns: string[], siteCode: string) =>
      call(feeApi.itemFees, { body: { itemYrns, siteCode } }),
    schemaMetadata: (name: string) => call(catalogueApi.mixinMetadata, { params: { name } }),
  }
}
