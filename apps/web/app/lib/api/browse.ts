import type { ShippingZone } from '@shop/contracts/shipping'
import { id, type Transport } from './transport.ts'

/** A fee of one item as the fee service lists it (spec §3 Fee); kept local so the page does not depend on its rollout. */
export interface ItemFee {
  id: string
  name: string
  feeType: string
  feeAbsolute: { amount: number; currency: string }
  itemYrn: string
}

/** What the product page reads besides the product: shipping zones, item fees, schema metadata. */
export function browseCalls({ json }: Transport) {
  return {
    shippingZones: (siteCode: string) =>
      json<ShippingZone[]>('GET', `/api/shipping/${id(siteCode)}/zones`, {
        query: { expand: 'methods,fees', activeMethods: 'true' },
      }),
    itemFees: (itemYrns: string[], siteCode: string) =>
      json<Array<{ itemYrn: string; fees: ItemFee[] }>>('POST', '/api/fee/itemFees/search', {
        body: { itemYrns, siteCode },
      }),
    schemaMetadata: (name: string) => json<unknown>('GET', `/api/catalogue/schemas/${id(name)}/metadata`),
  }
}
