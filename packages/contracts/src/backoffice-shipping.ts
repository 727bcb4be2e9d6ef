import { z } from 'zod'
import { IsoCountrySchema } from './countries.ts'
import { endpoint, errors, noContent } from './endpoint.ts'
import { SiteParamsSchema } from './site.ts'

/**
 * The owner's shipping calls (docs/decisions/0062-staff-shipping.md): a site's zones (the countries they serve)
 * and each zone's methods (a name per language of the site, fees in the site's currency in integer minor units,
 * active or not, in order). Shipping is a setting of the shop: tag `owner` only.
 */
const tags = ['owner'] as const

const MINOR_MAX = 100_000_000

/** From this order value (inclusive, minor units) the method costs `feeMinor`; the first tier starts at 0. */
export const StaffFeeTierSchema = z
  .object({
    minOrderMinor: z.number().int().min(0).max(MINOR_MAX),
    feeMinor: z.number().int().min(0).max(MINOR_MAX),
  })
  .strict()
export type StaffFeeTier = z.infer<typeof StaffFeeTierSchema>

/** A name per language (`{ en: 'Standard', de: 'Standardversand' }`): every language of the site, no other. */
const NamesSchema = z.record(
  z.string().regex(/^[a-z]{2}$/, 'a two-letter language code'),
  z.string().trim().min(1).max(100),
)

export const StaffShippingZoneInputSchema = z
  .object({
    /** What the owner calls the zone ("European Union"); shoppers see the methods' names, not this one. */
    name: z.string().trim().min(1).max(100),
    /** ISO 3166-1 alpha-2 codes, each in at most one zone of the site (409 country_in_other_zone). */
    countries: z.array(IsoCountrySchema).min(1).max(250),
  })
  .strict()
export type StaffShippingZoneInput = z.infer<typeof StaffShippingZoneInputSchema>

export const StaffShippingMethodInputSchema = z
  .object({
    names: NamesSchema,
    /** Ascending tiers by order value, the first from 0: one tier is a flat fee, a second a "free from" rule. */
    fees: z.array(StaffFeeTierSchema).min(1).max(10),
    active: z.boolean().default(true),
    /** Index among the zone's methods (0 first); left out: last for a new method, where it was for an edit. */
    position: z.number().int().min(0).max(1000).optional(),
  })
  .strict()
export type StaffShippingMethodInput = z.input<typeof StaffShippingMethodInputSchema>

export const StaffShippingMethodSchema = z
  .object({
    id: z.string(),
    zoneId: z.string(),
    names: z.record(z.string(), z.string()),
    /** The site's currency: the fees are in it. */
    currency: z.string(),
    fees: z.array(StaffFeeTierSchema),
    active: z.boolean(),
    position: z.number().int(),
  })
  .meta({ id: 'StaffShippingMethod' })
export type StaffShippingMethod = z.infer<typeof StaffShippingMethodSchema>

export const StaffShippingZoneSchema = z
  .object({
    id: z.string(),
    site: z.string(),
    name: z.string(),
    countries: z.array(z.string()),
    position: z.number().int(),
    methods: z.array(StaffShippingMethodSchema),
  })
  .meta({ id: 'StaffShippingZone' })
export type StaffShippingZone = z.infer<typeof StaffShippingZoneSchema>

/** A site's shipping as the back office edits it: the languages and currency its methods need, its zones. */
export const StaffShippingSchema = z
  .object({
    site: z.string(),
    languages: z.array(z.string()),
    defaultLanguage: z.string(),
    currency: z.string(),
    zones: z.array(StaffShippingZoneSchema),
  })
  .meta({ id: 'StaffShipping' })
export type StaffShipping = z.infer<typeof StaffShippingSchema>

const IdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/)
const ZoneParams = z.object({ zoneId: IdSchema })
const MethodParams = ZoneParams.extend({ methodId: IdSchema })

export const backofficeShippingApi = {
  shipping: endpoint({
    method: 'GET',
    path: '/api/owner/sites/:code/shipping-zones',
    tags,
    security: 'bearer',
    params: SiteParamsSchema,
    responses: { 200: StaffShippingSchema, ...errors(400, 401, 403, 404) },
  }),
  /** 400 naming the field; 409 country_in_other_zone when another zone of the site serves a country. */
  createZone: endpoint({
    method: 'POST',
    path: '/api/owner/sites/:code/shipping-zones',
    tags,
    security: 'bearer',
    params: SiteParamsSchema,
    body: StaffShippingZoneInputSchema,
    responses: { 201: StaffShippingZoneSchema, ...errors(400, 401, 403, 404, 409) },
  }),
  updateZone: endpoint({
    method: 'PUT',
    path: '/api/owner/shipping-zones/:zoneId',
    tags,
    security: 'bearer',
    params: ZoneParams,
    body: StaffShippingZoneInputSchema,
    responses: { 200: StaffShippingZoneSchema, ...errors(400, 401, 403, 404, 409) },
  }),
  /** The zone and its methods go; orders keep the method's name and fee they were placed with. */
  deleteZone: endpoint({
    method: 'DELETE',
    path: '/api/owner/shipping-zones/:zoneId',
    tags,
    security: 'bearer',
    params: ZoneParams,
    responses: { 204: noContent('The zone and its methods are gone'), ...errors(400, 401, 403, 404) },
  }),
  /** 400 naming the field (body.names.de missing, body.fees.1.minOrderMinor not above the tier before). */
  createMethod: endpoint({
    method: 'POST',
    path: '/api/owner/shipping-zones/:zoneId/methods',
    tags,
    security: 'bearer',
    params: ZoneParams,
    body: StaffShippingMethodInputSchema,
    responses: { 201: StaffShippingMethodSchema, ...errors(400, 401, 403, 404) },
  }),
  updateMethod: endpoint({
    method: 'PUT',
    path: '/api/owner/shipping-zones/:zoneId/methods/:methodId',
    tags,
    security: 'bearer',
    params: MethodParams,
    body: StaffShippingMethodInputSchema,
    responses: { 200: StaffShippingMethodSchema, ...errors(400, 401, 403, 404) },
  }),
  deleteMethod: endpoint({
    method: 'DELETE',
    path: '/api/owner/shipping-zones/:zoneId/methods/:methodId',
    tags,
    security: 'bearer',
    params: MethodParams,
    responses: { 204: noContent('The method is gone'), ...errors(400, 401, 403, 404) },
  }),
}
