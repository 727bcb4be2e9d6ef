import type { CouponErrorType } from '@shop/contracts/coupon'

/** A coupon as the rules see it: integer money, ISO timestamps. */
export interface CouponTerms {
  code: string
  name: string
  discountType: 'ABSOLUTE' | 'PERCENT'
  amountMinor: number | null
  currency: string | null
  /** Whole percent, 15 = 15 %. */
  percentage: number | null
  validFrom: string | null
  validUntil: string | null
  minOrderMinor: number | null
  maxRedemptions: number | null
  redemptions: number
  customersOnly: boolean
}

/** What a redemption is checked against. */
export interface Redemption {
  now: string
  currency: string
  subtotalMinor: number
  customerId: string | null
}

/** One condition of a coupon: when `holds` is false the redemption fails with `type` (spec §8). */
export interface CouponRule {
  type: CouponErrorType
  message: (c: CouponTerms) => string
  holds: (c: CouponTerms, r: Redemption) => boolean
}

export const couponRules: CouponRule[] = [
  {
    type: 'coupon_redemption_forbidden',
    message: () => 'This coupon is for signed-in customers only',
    holds: (c, r) => !c.customersOnly || r.customerId !== null,
  },
  {
    type: 'coupon_not_active',
    message: (c) => `The coupon is valid from ${c.validFrom}`,
    holds: (c, r) => c.validFrom === null || c.validFrom <= r.now,
  },
  {
    type: 'coupon_expired',
    message: (c) => `The coupon expired at ${c.validUntil}`,
    holds: (c, r) => c.validUntil === null || r.now < c.validUntil,
  },
  {
    type: 'coupon_redemptions_exceeded',
    message: () => 'The coupon has been used up',
    holds: (c) => c.maxRedemptions === null || c.redemptions < c.maxRedemptions,
  },
  {
    type: 'coupon_currency_incorrect',
    message: (c) => `The coupon is in ${c.currency}`,
    holds: (c, r) => c.discountType !== 'ABSOLUTE' || c.currency === r.currency,
  },
  {
    type: 'coupon_discount_amount_incorrect',
    message: () => 'The coupon has no valid discount',
    holds: (c) =>
      c.discountType === 'ABSOLUTE'
        ? (c.amountMinor ?? 0) > 0
        : (c.percentage ?? 0) > 0 && (c.percentage ?? 0) <= 100,
  },
  {
    type: 'coupon_order_total_too_low',
    message: (c) => `The order total must be at least ${c.minOrderMinor} minor units`,
    holds: (c, r) => c.minOrderMinor === null || r.subtotalMinor >= c.minOrderMinor,
  },
]

export interface CouponProblem {
  type: CouponErrorType
  message: string
}

/** Every rule the redemption breaks, in rule order; an empty list means the coupon applies. */
export function checkCoupon(coupon: CouponTerms, redemption: Redemption): CouponProblem[] {
  return couponRules
    .filter((rule) => !rule.holds(coupon, redemption))
    .map((rule) => ({ type: rule.type, message: rule.message(coupon) }))
}
