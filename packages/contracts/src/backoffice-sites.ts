import { z } from 'zod'
import { ShopAddressSchema } from './backoffice-window.ts'
import { endpoint, errors } from './endpoint.ts'
import { CURRENCY_SYMBOLS } from './money.ts'
import { SiteParamsSchema } from './site.ts'

/**
 * The owner's sites and shop settings (docs/decisions/0067-staff-sites-and-tax.md): a site's name, currency,
 * languages, tax and payment; the shop's contact phone, mail sender, logo and icon. Settings of the shop: tag
 * `owner` only.
 */
const tags = ['owner'] as const

/** The currencies the shop knows how to show (symbols and decimals, money.ts). */
export const SITE_CURRENCIES: readonly string[] = Object.keys(CURRENCY_SYMBOLS)
/** The languages the storefront has texts for. */
export const SITE_LANGUAGES = ['en', 'de'] as const
/** Spec §5: the storefront cuts a longer label to 59 characters; a new or changed label may not be longer. */
export const TAX_LABEL_MAX = 60

/** A new site's code: it goes into cookies and headers, so plain lowercase. */
export const NewSiteCodeSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, 'lowercase letters, digits, hyphen and underscore, at most 32')

/** 0 to 100 % in basis points: 825 is 8.25 %. */
const BasisPointsSchema = z.number().int().min(0).max(10000)

/** What shoppers read beside the tax (the length rule for new labels is the server's, TAX_LABEL_MAX). */
const TaxLabelSchema = z.string().trim().max(200)

export const StaffFlatTaxSchema = z
  .object({
    type: z.literal('flat'),
    label: TaxLabelSchema,
    rate: BasisPointsSchema,
    /** VAT-style: part of the prices; otherwise added to the total for the taxable countries. */
    included: z.boolean(),
  })
  .strict()

export const StaffCountryTaxSchema = z
  .object({
    type: z.literal('country'),
    label: TaxLabelSchema,
    /** An added sales tax per taxable destination country (`{ US: 825, CA: 1300 }`); others are not taxed. */
    rates: z.record(z.string().regex(/^[A-Z]{2}$/, 'a two-letter country code'), BasisPointsSchema),
  })
  .strict()

export const StaffTaxSchema = z.discriminatedUnion('type', [StaffFlatTaxSchema, StaffCountryTaxSchema])
export type StaffTax = z.infer<typeof StaffTaxSchema>

export const StaffSiteInputSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    currency: z.string().refine((c) => SITE_CURRENCIES.includes(c), `one of ${SITE_CURRENCIES.join(', ')}`),
    languages: z.array(z.enum(SITE_LANGUAGES)).min(1).max(SITE_LANGUAGES.length),
    defaultLanguage: z.enum(SITE_LANGUAGES),
    /** An inactive site is not offered to shoppers; carts of it keep working. */
    active: z.boolean().default(true),
    /** The site a shopper without a choice gets; exactly one, active. */
    default: z.boolean().default(false),
    tax: StaffTaxSchema,
    /** Among the payment providers the shop is configured with (StaffSites.payments). */
    payment: z.string().min(1).max(64),
  })
  .strict()
export type StaffSiteInput = z.input<typeof StaffSiteInputSchema>
/** The input as the server has it, defaults applied. */
export type StaffSiteValues = z.output<typeof StaffSiteInputSchema>

export const StaffNewSiteInputSchema = StaffSiteInputSchema.extend({ code: NewSiteCodeSchema }).strict()
export type StaffNewSiteInput = z.input<typeof StaffNewSiteInputSchema>
export type StaffNewSiteValues = z.output<typeof StaffNewSiteInputSchema>

export const StaffSiteSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    position: z.number().int(),
    active: z.boolean(),
    default: z.boolean(),
    currency: z.string(),
    languages: z.array(z.string()),
    defaultLanguage: z.string(),
    tax: StaffTaxSchema,
    payment: z.string(),
    /** Carts, orders, shipping fees or item fees of the site are in its currency: it can no longer change. */
    currencyLocked: z.boolean(),
  })
  .meta({ id: 'StaffSite' })
export type StaffSite = z.infer<typeof StaffSiteSchema>

export const StaffSitesSchema = z
  .object({
    sites: z.array(StaffSiteSchema),
    currencies: z.array(z.string()),
    languages: z.array(z.string()),
    /** The payment providers the shop is configured with. */
    payments: z.array(z.string()),
    /** Spec §9: where an added sales tax applies, the countries a rate per country can name. */
    taxableCountries: z.array(z.string()),
  })
  .meta({ id: 'StaffSites' })
export type StaffSites = z.infer<typeof StaffSitesSchema>

/** Digits with spaces, brackets, dots, slashes or hyphens, an optional leading +, at least five digits. */
export const ContactPhoneSchema = z
  .string()
  .trim()
  .max(30)
  .refine(
    (v) => /^\+?[\d\s()./-]+$/.test(v) && (v.match(/\d/g) ?? []).length >= 5,
    'at least five digits, with spaces, ( ) . / - and a leading + only',
  )

/** A sender's display name: one line, none of the characters that end it in a From header. */
const SenderNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .regex(/^[^\r\n<>"]+$/, 'one line without < > or "')

export const ShopSettingsInputSchema = z
  .object({
    /** Shown in the storefront's footer and confirmation and in the mails; null: the placeholder. */
    contactPhone: ContactPhoneSchema.nullable(),
    /** The mails' From header; null: the name and address of MAIL_FROM. */
    mailFromName: SenderNameSchema.nullable(),
    mailFromAddress: z.string().trim().toLowerCase().email('an e-mail address').max(254).nullable(),
    /** The storefront's logo and icon: an uploaded image (`/media/u/…`), a path of the shop or an https address. */
    logoUrl: ShopAddressSchema.nullable(),
    iconUrl: ShopAddressSchema.nullable(),
  })
  .strict()
export type ShopSettingsInput = z.infer<typeof ShopSettingsInputSchema>

export const ShopSettingsSchema = z
  .object({
    contactPhone: z.string().nullable(),
    mailFromName: z.string().nullable(),
    mailFromAddress: z.string().nullable(),
    logoUrl: z.string().nullable(),
    iconUrl: z.string().nullable(),
    /** What applies where a setting is null: the placeholder phone, MAIL_FROM. */
    defaults: z.object({ contactPhone: z.string(), mailFrom: z.string() }),
  })
  .meta({ id: 'ShopSettings' })
export type ShopSettings = z.infer<typeof ShopSettingsSchema>

export const backofficeSitesApi = {
  sites: endpoint({
    method: 'GET',
    path: '/api/owner/sites',
    tags,
    security: 'bearer',
    responses: { 200: StaffSitesSchema, ...errors(401, 403) },
  }),
  /** 400 naming the field; 409 site_exists, or default_site_inactive for an inactive default. */
  createSite: endpoint({
    method: 'POST',
    path: '/api/owner/sites',
    tags,
    security: 'bearer',
    body: StaffNewSiteInputSchema,
    responses: { 201: StaffSiteSchema, ...errors(400, 401, 403, 409) },
  }),
  /**
   * 400 naming the field; 409 currency_locked (carts, orders or fees of the site are in its currency),
   * default_site_required (the default site stays default until another is made default), default_site_inactive.
   */
  updateSite: endpoint({
    method: 'PUT',
    path: '/api/owner/sites/:code',
    tags,
    security: 'bearer',
    params: SiteParamsSchema,
    body: StaffSiteInputSchema,
    responses: { 200: StaffSiteSchema, ...errors(400, 401, 403, 404, 409) },
  }),
  shopSettings: endpoint({
    method: 'GET',
    path: '/api/owner/shop-settings',
    tags,
    security: 'bearer',
    responses: { 200: ShopSettingsSchema, ...errors(401, 403) },
  }),
  updateShopSettings: endpoint({
    method: 'PUT',
    path: '/api/owner/shop-settings',
    tags,
    security: 'bearer',
    body: ShopSettingsInputSchema,
    responses: { 200: ShopSettingsSchema, ...errors(400, 401, 403) },
  }),
}
