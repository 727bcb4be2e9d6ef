import type { CouponErrorType } from '@shop/contracts/coupon'

/** What the coupon's records say about one customer: their redemptions and whether the coupon lists them. */
export interface CustomerStanding {
  customerId: string
  redemptions: number
  listed: boolean
}

/** A coupon as the rules see it: integer money, ISO timestamps (docs/decisions/0065-staff-coupons.md). */
export interface CouponTerms {
  code: string
  name: string
  discountType: 'ABSOLUTE' | 'PERCENT'
  /** ABSOLUTE: the amount off per currency, minor units; a currency not listed cannot redeem it. */
  amounts: Record<string, number>
  /** Whole percent, 15 = 15 %. */
  percentage: number | null
  validFrom: string | null
  validUntil: string | null
  /** The minimum goods total per currency, minor units. */
  minOrders: Record<string, number>
  /** The minimum of an older coupon, in any currency `minOrders` does not list. */
  minOrderAnyMinor: number | null
  maxRedemptions: number | null
  redemptions: number
  /** How often one customer may redeem it; null: no limit per customer. */
  perCustomer: number | null
  customersOnly: boolean
  /** Only the customers the coupon lists may redeem it. */
  restricted: boolean
  /** The standing of the customer it was read for; null when read for nobody. */
  customer: CustomerStanding | null
}

/** What a redemption is checked against. */
export interface Redemption {
  now: string
  currency: string
  subtotalMinor: number
  customerId: string | null
}

/** The amount off in a currency; null when the coupon has none there (or is a percentage). */
export function amountIn(c: CouponTerms, currency: string): number | null {
  return c.discountType === 'ABSOLUTE' ? (c.amounts[currency] ?? null) : null
}

/** The minimum goods total in a currency; null when there is none. */
export const minOrderIn = (c: CouponTerms, currency: string): number | null =>
  c.minOrders[currency] ?? c.minOrderAnyMinor

/** A coupon only a signed-in customer can redeem: one counted or checked per customer. */
export const needsCustomer = (c: CouponTerms) => c.customersOnly || c.perCustomer !== null || c.restricted

/** The caller's standing, if the terms were read for them. */
const standingOf = (c: CouponTerms, r: Redemption) =>
  c.customer !== null && c.customer.customerId === r.customerId ? c.customer : null

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
    holds: (c, r) => !needsCustomer(c) || r.customerId !== null,
  },
  {
    type: 'coupon_redemption_forbidden',
    message: () => 'This coupon is for other customers',
    holds: (c, r) => !c.restricted || r.customerId === null || standingOf(c, r)?.listed === true,
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
    type: 'coupon_redemptions_exceeded',
    message: (c) => `The coupon can be redeemed ${c.perCustomer} times per customer`,
    holds: (c, r) =>
      c.perCustomer === null || r.customerId === null || (standingOf(c, r)?.redemptions ?? 0) < c.perCustomer,
  },
  {
    type: 'coupon_currency_incorrect',
    message: (c) => `The coupon is in ${Object.keys(c.amounts).join(', ') || 'no currency'}`,
    holds: (c, r) => c.discountType !== 'ABSOLUTE' || amountIn(c, r.currency) !== null,
  },
  {
    type: 'coupon_discount_amount_incorrect',
    message: () => 'The coupon has no valid discount',
    holds: (c, r) =>
      c.discountType === 'ABSOLUTE'
        ? (amountIn(c, r.currency) ?? 1) > 0
        : (c.percentage ?? 0) > 0 && (c.percentage ?? 0) <= 100,
  },
  {
    type: 'coupon_order_total_too_low',
    message: () => 'The order total is below the coupon’s minimum',
    holds: (c, r) => r.subtotalMinor >= (minOrderIn(c, r.currency) ?? 0),
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

/** Whether one more redemption by this customer stays within the per-customer limit (`used` counted before). */
export const withinCustomerLimit = (perCustomer: number | null, used: number) =>
  perCustomer === null || used < perCustomer
