import { z } from 'zod'
import { CurrencySchema, MoneySchema, patterns } from './common.ts'
import { endpoint, errors } from './endpoint.ts'

/** Spec §5: letters, digits, underscore, parentheses; the storefront asks for 3–24 characters. */
export const CouponCodeSchema = z.string().min(1).max(24).regex(patterns.couponCode, 'not a coupon code')

/** The 400-detail types of spec §8; the storefront shows each uppercased as its message key. */
export const COUPON_ERROR_TYPES = [
  'coupon_not_active',
  'coupon_expired',
  'coupon_redemptions_exceeded',
  'coupon_redemption_forbidden',
  'coupon_order_total_too_low',
  'coupon_currency_incorrect',
  'coupon_discount_currency_incorrect',
  'coupon_discount_amount_incorrect',
] as const
export type CouponErrorType = (typeof COUPON_ERROR_TYPES)[number]

export const CouponSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    discountType: z.enum(['ABSOLUTE', 'PERCENT']),
    discountAbsolute: MoneySchema.optional(),
    discountPercentage: z.number().optional(),
    minOrderValue: MoneySchema.optional(),
    validFrom: z.string().nullable(),
    validUntil: z.string().nullable(),
    customersOnly: z.boolean(),
  })
  .meta({ id: 'Coupon' })

export const CouponParamsSchema = z.object({ code: CouponCodeSchema })
export const CouponQuerySchema = z.object({ currency: CurrencySchema.optional() })

export type Coupon = z.infer<typeof CouponSchema>

export const couponApi = {
  coupon: endpoint({
    method: 'GET',
    path: '/api/coupon/coupons/:code',
    tags: ['coupon'],
    security: 'bearer',
    params: CouponParamsSchema,
    query: CouponQuerySchema,
    responses: { 200: CouponSchema, ...errors(400, 401, 404) },
  }),
}
