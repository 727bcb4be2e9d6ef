import {
  backofficeCouponsApi as api,
  type StaffCouponCreate,
  type StaffCouponInput,
} from '@shop/contracts/backoffice-coupons'
import type { Transport } from './transport.ts'

/** The owner's coupon calls (server-side only, /admin/coupons). */
export function backofficeCouponCalls({ call }: Transport) {
  return {
    staffCoupons: () => call(api.coupons),
    staffCoupon: (code: string) => call(api.coupon, { params: { code } }),
    createCoupon: (body: StaffCouponCreate) => call(api.createCoupon, { body }),
    updateCoupon: (code: string, body: StaffCouponInput) =>
      call(api.updateCoupon, { params: { code }, body }),
    deleteCoupon: (code: string) => call(api.deleteCoupon, { params: { code } }),
  }
}
