import { z } from 'zod'
import { CountrySchema, CurrencySchema } from './common.ts'
import { endpoint, errors } from './endpoint.ts'

export const ShippingFeeTierSchema = z.object({
  /** Order value from which this tier applies (inclusive); the last tier has no upper limit. */
  minOrderValue: z.object({ amount: z.number(), currency: CurrencySchema }),
  cost: z.object({ amount: z.number(), currency: CurrencySchema }),
})

export const ShippingMethodSchema = z.object({
  id: z.string(),
  name: z.string(),
  zoneId: z.string(),
  /** Cost of the first tier, for quick display. */
  fee: z.object({ amount: z.number(), currency: CurrencySchema }),
  fees: z.array(ShippingFeeTierSchema),
})

export const ShippingZoneSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    shipTo: z.array(z.object({ countryCode: CountrySchema })),
    methods: z.array(ShippingMethodSchema),
  })
  .meta({ id: 'ShippingZone' })

/** The site whose shipping zones a call reads. */
export const ShippingSiteParamsSchema = z.object({ site: z.string().max(64) })

export const ZonesQuerySchema = z.object({
  expand: z
    .string()
    .regex(/^(methods|fees)(,(methods|fees))*$/, 'comma list of methods, fees')
    .optional(),
  activeMethods: z.enum(['true', 'false']).optional(),
})

export type ShippingZone = z.infer<typeof ShippingZoneSchema>
export type ShippingMethod = z.infer<typeof ShippingMethodSchema>

/** POST {site}/quote: the methods that serve the address, with their cost for the cart total, cheapest first. */
export const QuoteRequestSchema = z.object({
  cartTotal: z.object({ amount: z.number().min(0).max(1e9), currency: CurrencySchema }),
  shipToAddress: z.object({ countryCode: CountrySchema, zipCode: z.string().max(20).optional() }),
})

export const QuoteSchema = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    zoneId: z.string(),
    fee: z.object({ amount: z.number(), currency: CurrencySchema }),
    /** True on the cheapest method (the first one when fees tie), which the storefront pre-selects. */
    selected: z.boolean(),
  }),
)

/** GET shippingcosts: one method's cost for an order value and country; no match is a 404 (zero price). */
export const ShippingCostQuerySchema = z.object({
  countryCode: CountrySchema,
  amount: z.coerce.number().min(0).max(1e9),
  currency: CurrencySchema,
  methodId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
  zoneId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
})

export const ShippingCostSchema = z.object({
  methodId: z.string().nullable(),
  zoneId: z.string().nullable(),
  price: z.object({ amount: z.number(), currency: CurrencySchema }),
})

export type Quote = z.infer<typeof QuoteSchema>
export type ShippingCost = z.infer<typeof ShippingCostSchema>

/** Shipping zones, quotes and costs of a site (spec §7 "Shipping"). */
export const shippingApi = {
  quote: endpoint({
    method: 'POST',
    path: '/api/shipping/:site/quote',
    tags: ['shipping'],
    params: ShippingSiteParamsSchema,
    body: QuoteRequestSchema,
    responses: { 200: QuoteSchema, ...errors(400, 404) },
  }),
  shippingCost: endpoint({
    method: 'GET',
    path: '/api/shipping/:site/shippingcosts',
    tags: ['shipping'],
    description:
      'No method serving the country and order value in this currency is a 404 (spec §7: a zero price).',
    params: ShippingSiteParamsSchema,
    query: ShippingCostQuerySchema,
    responses: { 200: ShippingCostSchema, ...errors(400, 404) },
  }),
  zones: endpoint({
    method: 'GET',
    path: '/api/shipping/:site/zones',
    tags: ['shipping'],
    params: ShippingSiteParamsSchema,
    query: ZonesQuerySchema,
    responses: { 200: z.array(ShippingZoneSchema), ...errors(400, 404) },
  }),
}
