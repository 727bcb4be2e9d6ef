import { z } from 'zod'
import { CurrencySchema, patterns } from './common.ts'
import { CouponCodeSchema } from './coupon.ts'
import { endpoint, errors, noContent } from './endpoint.ts'

/**
 * The owner's coupons (docs/decisions/0065-staff-coupons.md): a percentage or an amount per currency, a minimum
 * goods total per currency, a start and an end, limits in total and per customer, signed-in customers only, or
 * only the customers listed. The storefront's coupon errors of spec §8 follow from these settings at once.
 * Promotions are a setting of the shop: tag `owner` only (the catalogue and order staff get 403).
 */
const tags = ['owner'] as const

const MINOR_MAX = 100_000_000
const LIMIT_MAX = 1_000_000_000

/** Integer minor units per currency (`{ "EUR": 500 }` is 5.00 EUR), each at least 1. */
const PerCurrencySchema = z.record(CurrencySchema, z.number().int().min(1).max(MINOR_MAX))

/** A code as the storefront takes it: 3 to 24 letters, digits, underscores or parentheses (spec §5). */
export const NewCouponCodeSchema = z
  .string()
  .trim()
  .min(3)
  .max(24)
  .regex(patterns.couponCode, 'letters, digits, underscore and parentheses only')

const Limit = z.number().int().min(1).max(LIMIT_MAX).nullable().default(null)
const Instant = z.iso.datetime({ offset: true }).nullable().default(null).describe('ISO 8601; stored in UTC')

export const StaffCouponInputSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    discountType: z.enum(['PERCENT', 'ABSOLUTE']),
    /** PERCENT: whole percent, 1 to 100. */
    percentage: z.number().int().min(1).max(100).nullable().default(null),
    /** ABSOLUTE: the amount off in each currency of the shop's sites it is for (at least one). */
    amounts: PerCurrencySchema.default({}),
    /** The minimum goods total per currency; a currency left out has none. */
    minOrders: PerCurrencySchema.default({}),
    validFrom: Instant,
    /** The first instant it no longer applies; after `validFrom`. */
    validUntil: Instant,
    /** Redemptions in all (orders placed with it); null: no limit. */
    maxRedemptions: Limit,
    /** Redemptions per customer; a coupon with this limit needs a signed-in customer. */
    perCustomer: Limit,
    customersOnly: z.boolean().default(false),
    /** E-mails of the only customers who may redeem it (they must have an account); empty: everybody. */
    customers: z.array(z.email().max(254)).max(1000).default([]),
  })
  .strict()
export type StaffCouponInput = z.input<typeof StaffCouponInputSchema>
export type StaffCouponValues = z.output<typeof StaffCouponInputSchema>

export const StaffCouponCreateSchema = StaffCouponInputSchema.extend({ code: NewCouponCodeSchema }).strict()
export type StaffCouponCreate = z.input<typeof StaffCouponCreateSchema>
export type StaffCouponCreateValues = z.output<typeof StaffCouponCreateSchema>

export const COUPON_STATUSES = ['active', 'scheduled', 'expired', 'used_up'] as const

const couponFields = {
  code: z.string(),
  name: z.string(),
  discountType: z.enum(['PERCENT', 'ABSOLUTE']),
  percentage: z.number().int().nullable(),
  amounts: z.record(z.string(), z.number().int()),
  minOrders: z.record(z.string(), z.number().int()),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  maxRedemptions: z.number().int().nullable(),
  perCustomer: z.number().int().nullable(),
  customersOnly: z.boolean(),
  /** How many customers the coupon is restricted to (0: anybody). */
  restrictedTo: z.number().int(),
  /** Redemptions so far: orders placed with it (a checkout that fails gives its redemption back). */
  redemptions: z.number().int(),
  /** How many signed-in customers redeemed it. */
  customersRedeemed: z.number().int(),
  /** Now: not yet valid (scheduled), past its end (expired), at its total limit (used_up), else active. */
  status: z.enum(COUPON_STATUSES),
}

export const StaffCouponSummarySchema = z.object(couponFields).meta({ id: 'StaffCouponSummary' })
export type StaffCouponSummary = z.infer<typeof StaffCouponSummarySchema>

export const StaffCouponSchema = z
  .object({ ...couponFields, customers: z.array(z.string()) })
  .meta({ id: 'StaffCoupon' })
export type StaffCoupon = z.infer<typeof StaffCouponSchema>

export const StaffCouponListSchema = z
  .object({ items: z.array(StaffCouponSummarySchema) })
  .meta({ id: 'StaffCouponList' })
export type StaffCouponList = z.infer<typeof StaffCouponListSchema>

const CodeParams = z.object({ code: CouponCodeSchema })

export const backofficeCouponsApi = {
  /** Every coupon, by code, with its redemptions. */
  coupons: endpoint({
    method: 'GET',
    path: '/api/owner/coupons',
    tags,
    security: 'bearer',
    responses: { 200: StaffCouponListSchema, ...errors(401, 403) },
  }),
  coupon: endpoint({
    method: 'GET',
    path: '/api/owner/coupons/:code',
    tags,
    security: 'bearer',
    params: CodeParams,
    responses: { 200: StaffCouponSchema, ...errors(400, 401, 403, 404) },
  }),
  /**
   * 400 naming the field (body.amounts.CHF not a currency of the shop's sites, body.validUntil not after the
   * start, body.customers.2 no customer with that e-mail); 409 coupon_exists when the code is taken.
   */
  createCoupon: endpoint({
    method: 'POST',
    path: '/api/owner/coupons',
    tags,
    security: 'bearer',
    body: StaffCouponCreateSchema,
    responses: { 201: StaffCouponSchema, ...errors(400, 401, 403, 409) },
  }),
  /** The code stays; everything else is replaced. */
  updateCoupon: endpoint({
    method: 'PUT',
    path: '/api/owner/coupons/:code',
    tags,
    security: 'bearer',
    params: CodeParams,
    body: StaffCouponInputSchema,
    responses: { 200: StaffCouponSchema, ...errors(400, 401, 403, 404) },
  }),
  /** Orders keep the code, name and amount they were placed with; carts holding the coupon lose it. */
  deleteCoupon: endpoint({
    method: 'DELETE',
    path: '/api/owner/coupons/:code',
    tags,
    security: 'bearer',
    params: CodeParams,
    responses: { 204: noContent('The coupon is gone'), ...errors(400, 401, 403, 404) },
  }),
}
