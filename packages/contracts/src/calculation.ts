import { z } from 'zod'
import { CountrySchema, CurrencySchema, IdSchema, MoneySchema } from './common.ts'
import { CouponCodeSchema } from './coupon.ts'
import { endpoint, errors } from './endpoint.ts'

/**
 * POST calculation (spec §7). Prices, fees and discounts always come from the server: client amounts
 * (unitPrice) are accepted for compatibility and ignored. With a cartId the cart's lines are used.
 */
export const CalculationRequestSchema = z
  .object({
    cartId: z.string().max(64).optional(),
    siteCode: IdSchema,
    currency: CurrencySchema.optional(),
    items: z
      .array(
        z.object({
          itemId: z.string().max(64).optional(),
          itemYrn: z.string().max(300).optional(),
          productId: IdSchema.optional(),
          variantId: IdSchema.optional(),
          quantity: z.number().int().min(1).max(999),
          unitPrice: z.unknown().optional(),
          taxCode: z.string().max(60).optional(),
        }),
      )
      .max(200)
      .optional(),
    discounts: z
      .array(z.object({ code: CouponCodeSchema }))
      .max(20)
      .optional(),
    addresses: z
      .array(
        z.object({
          type: z.enum(['SHIP_TO', 'BILL_TO']),
          countryCode: CountrySchema,
          zipCode: z.string().max(20).optional(),
        }),
      )
      .max(2)
      .optional(),
    shipping: z
      .object({
        calculationType: z.literal('QUOTATION').optional(),
        methodId: IdSchema,
        zoneId: IdSchema,
      })
      .optional(),
  })
  .refine((v) => v.cartId || v.items, { message: 'cartId or items is required', path: ['cartId'] })

export const CalculationSchema = z
  .object({
    currency: CurrencySchema,
    items: z.array(
      z.object({
        itemId: z.string(),
        itemYrn: z.string(),
        quantity: z.number().int(),
        unitPrice: MoneySchema,
        itemPrice: MoneySchema,
        fees: MoneySchema,
      }),
    ),
    discounts: z.array(z.object({ code: z.string(), amount: MoneySchema })),
    subTotalPrice: MoneySchema,
    totalDiscount: MoneySchema,
    totalFees: MoneySchema,
    totalTax: MoneySchema,
    taxIncluded: z.boolean(),
    shippingCost: MoneySchema,
    totalPrice: MoneySchema,
  })
  .meta({ id: 'Calculation' })

export type CalculationRequest = z.infer<typeof CalculationRequestSchema>
export type Calculation = z.infer<typeof CalculationSchema>

export const calculationApi = {
  calculate: endpoint({
    method: 'POST',
    path: '/api/cart/calculation',
    tags: ['calculation'],
    security: 'bearer',
    body: CalculationRequestSchema,
    responses: { 200: CalculationSchema, ...errors(400, 401, 403, 404) },
  }),
}
