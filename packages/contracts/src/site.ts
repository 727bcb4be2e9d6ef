import { z } from 'zod'
import { CurrencySchema, LanguageSchema } from './common.ts'
import { endpoint, errors } from './endpoint.ts'

const ImageRefSchema = z.object({ imageUrl: z.string() })

const BannerSchema = z.object({
  imageUrl: z.string(),
  link: z.string().optional(),
  alt: z.record(z.string(), z.string()).optional(),
})

export const SiteMixinsSchema = z.object({
  /** The shop's logo and icon (its address), from the owner's shop settings (docs/decisions/0067). */
  storeLogoImageKey: z.string().optional(),
  storeIconImageKey: z.string().optional(),
  /** The shop's contact phone from the owner's shop settings; absent: the storefront's placeholder. */
  contactPhone: z.string().optional(),
  siteContentDetails: z
    .object({
      topImages: z.array(
        z.object({
          large: ImageRefSchema,
          small: ImageRefSchema,
          alt: z.record(z.string(), z.string()).optional(),
          link: z.string().optional(),
        }),
      ),
      banner1: BannerSchema.optional(),
      banner2: BannerSchema.optional(),
    })
    .optional(),
})

export const SiteTaxSchema = z.object({
  id: z.string(),
  configuration: z.object({
    public: z.object({
      label: z.string(),
      /** Percent (8.25); 0 for rates per country. */
      rate: z.number(),
      included: z.boolean(),
      /** Tax id PER_COUNTRY: the percent per taxable destination country; another destination is not taxed. */
      rates: z.record(z.string(), z.number()).optional(),
    }),
  }),
})

export const SitePaymentSchema = z.object({
  id: z.string(),
  configuration: z.object({ public: z.object({ publicKey: z.string() }) }),
})

export const SiteSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    default: z.boolean(),
    defaultLanguage: LanguageSchema,
    languages: z.array(LanguageSchema),
    currency: CurrencySchema,
    payment: z.array(SitePaymentSchema).optional(),
    tax: z.array(SiteTaxSchema).optional(),
    mixins: SiteMixinsSchema.optional(),
  })
  .meta({ id: 'Site' })

export const SiteExpandQuerySchema = z.object({
  expand: z
    .string()
    .regex(
      /^(payment:active|tax:active|mixin:\*)(,(payment:active|tax:active|mixin:\*))*$/,
      'comma list of payment:active, tax:active, mixin:*',
    )
    .optional(),
})

export type Site = z.infer<typeof SiteSchema>
export type SiteMixins = z.infer<typeof SiteMixinsSchema>

export const SiteParamsSchema = z.object({
  code: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
})

/** Search settings of the project configuration call (spec §7). */
export const SiteConfigurationSchema = z
  .object({
    active: z.boolean(),
    indexName: z.string(),
    applicationId: z.string(),
    searchKey: z.string(),
  })
  .meta({ id: 'SiteConfiguration' })

export type SiteConfiguration = z.infer<typeof SiteConfigurationSchema>

/** The calls of the site area (spec §7 "Site"). */
export const siteApi = {
  sites: endpoint({
    method: 'GET',
    path: '/api/site/sites',
    tags: ['site'],
    query: SiteExpandQuerySchema,
    responses: { 200: z.array(SiteSchema), ...errors(400) },
  }),
  site: endpoint({
    method: 'GET',
    path: '/api/site/sites/:code',
    tags: ['site'],
    params: SiteParamsSchema,
    query: SiteExpandQuerySchema,
    responses: { 200: SiteSchema, ...errors(400, 404) },
  }),
  configuration: endpoint({
    method: 'GET',
    path: '/api/site/configuration',
    tags: ['site'],
    responses: { 200: SiteConfigurationSchema },
  }),
}
