import { z } from 'zod'
import { CurrencySchema, patterns } from './common.ts'
import { endpoint, errors } from './endpoint.ts'

export const MeasurementUnitSchema = z.object({ unitCode: z.string(), quantity: z.number() })

export const PriceSchema = z
  .object({
    priceId: z.string(),
    productId: z.string(),
    variantId: z.string().nullable(),
    itemYrn: z.string(),
    effectiveAmount: z.number(),
    originalAmount: z.number(),
    currency: CurrencySchema,
    measurementUnit: MeasurementUnitSchema.optional(),
  })
  .meta({ id: 'Price' })

/** Range of a variant product: the lowest and highest effective variant price, each with its original. */
export const PriceRangeSchema = z.object({
  minPrice: PriceSchema,
  maxPrice: PriceSchema,
  singlePrice: z.boolean(),
})

export const MAX_PRICE_PRODUCT_IDS = 50

export const PriceQuerySchema = z.object({
  currency: CurrencySchema,
  productId: z
    .string()
    .min(1)
    .refine(
      (v) => v.split(',').length <= MAX_PRICE_PRODUCT_IDS,
      `at most ${MAX_PRICE_PRODUCT_IDS} product ids`,
    )
    .refine((v) => v.split(',').every((id) => patterns.id.test(id.trim())), 'comma list of product ids'),
  /** ISO-8601 date-time the prices must be valid at; now when absent. */
  effectiveDate: z.iso.datetime({ offset: true }).optional(),
})

export type Price = z.infer<typeof PriceSchema>
export type PriceRange = z.infer<typeof PriceRangeSchema>

export const priceApi = {
  prices: endpoint({
    method: 'GET',
    path: '/api/price/prices',
    tags: ['price'],
    query: PriceQuerySchema,
    responses: { 200: z.array(PriceSchema), ...errors(400) },
  }),
}
