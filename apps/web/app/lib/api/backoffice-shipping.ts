import {
  backofficeShippingApi as api,
  type StaffShippingMethodInput,
  type StaffShippingZoneInput,
} from '@shop/contracts/backoffice-shipping'
import type { Transport } from './transport.ts'

/** The owner's shipping calls (server-side only, /admin/shipping). */
export function backofficeShippingCalls({ call }: Transport) {
  return {
    staffShipping: (code: string) => call(api.shipping, { params: { code } }),
    createShippingZone: (code: string, body: StaffShippingZoneInput) =>
      call(api.createZone, { params: { code }, body }),
    updateShippingZone: (zoneId: string, body: StaffShippingZoneInput) =>
      call(api.updateZone, { params: { zoneId }, body }),
    deleteShippingZone: (zoneId: string) => call(api.deleteZone, { params: { zoneId } }),
    createShippingMethod: (zoneId: string, body: StaffShippingMethodInput) =>
      call(api.createMethod, { params: { zoneId }, body }),
    updateShippingMethod: (zoneId: string, methodId: string, body: StaffShippingMethodInput) =>
      call(api.updateMethod, { params: { zoneId, methodId }, body }),
    deleteShippingMethod: (zoneId: string, methodId: string) =>
      call(api.deleteMethod, { params: { zoneId, methodId } }),
  }
}
