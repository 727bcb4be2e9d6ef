import { z } from 'zod'
import { StaffPriceSchema, StaffStockSchema } from './backoffice.ts'
import { LanguageSchema } from './common.ts'
import { endpoint, errors } from './endpoint.ts'
import { CATALOGUE_STAFF_TAG } from './staff.ts'

/**
 * The back office's options, variants, prices and stock grid (docs/decisions/0051-staff-variants.md and
 * 0052-price-stock-grid.md). Owner and catalogue staff. Money is integer minor units.
 */
const tags = ['owner', CATALOGUE_STAFF_TAG] as const

const CodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._-]+$/, 'letters, digits, dot, hyphen and underscore only')

/** An option (colour, size…) and its values in the order the storefront lists them. */
export const StaffOptionSchema = z
  .object({
    key: z.string().trim().min(1, 'an option needs a name').max(40),
    values: z.array(z.string().trim().min(1, 'a value needs a name').max(60)).min(1).max(50),
  })
  .meta({ id: 'StaffOption' })
export type StaffOption = z.infer<typeof StaffOptionSchema>

export const StaffOptionsInputSchema = z.object({ options: z.array(StaffOptionSchema).max(5) })
export type StaffOptionsInput = z.infer<typeof StaffOptionsInputSchema>

export const StaffMediaSchema = z.object({ id: z.string(), url: z.string() })

export const StaffVariantSchema = z
  .object({
    id: z.string(),
    code: z.string(),
    texts: z.array(z.object({ language: z.string(), name: z.string() })),
    /** option key → value */
    options: z.record(z.string(), z.string()),
    stock: z.number().int(),
    default: z.boolean(),
    /** Ids among the product's media choices. */
    media: z.array(z.string()),
    prices: z.array(StaffPriceSchema),
  })
  .meta({ id: 'StaffVariant' })
export type StaffVariant = z.infer<typeof StaffVariantSchema>

export const StaffVariantsSchema = z
  .object({
    productId: z.string(),
    sku: z.string(),
    options: z.array(StaffOptionSchema),
    variants: z.array(StaffVariantSchema),
    /** What a variant may show: the product's media and what its variants show already. */
    media: z.array(StaffMediaSchema),
  })
  .meta({ id: 'StaffVariants' })
export type StaffVariants = z.infer<typeof StaffVariantsSchema>

export const StaffVariantInputSchema = z.object({
  code: CodeSchema,
  texts: z.array(z.object({ language: LanguageSchema, name: z.string().trim().min(1).max(200) })).max(20),
  options: z.record(z.string().max(40), z.string().trim().min(1).max(60)),
  default: z.boolean(),
  media: z.array(z.string().max(200)).max(20),
  prices: z.array(StaffPriceSchema).max(20),
})
export type StaffVariantInput = z.infer<typeof StaffVariantInputSchema>

export const FEE_TYPES = ['ABSOLUTE', 'ABSOLUTE_MULTIPLY_ITEMQUANTITY'] as const

export const StaffCommerceSchema = z
  .object({
    /** The measurement unit the price is for (a price per kg, per litre…); null: per piece. */
    unit: z
      .object({ code: z.string().trim().min(1).max(16), quantity: z.number().int().min(1).max(1_000_000) })
      .nullable(),
    /** Tax code per site code; a site left out uses the product's tax code. */
    taxCodes: z.record(z.string().max(32), z.string().trim().min(1).max(32)),
    /** Per-item fees, each for one site, in that site's currency. */
    fees: z
      .array(
        z.object({
          siteCode: z.string().min(1).max(32),
          name: z.string().trim().min(1).max(100),
          type: z.enum(FEE_TYPES),
          amountMinor: z.number().int().min(0).max(100_000_000),
        }),
      )
      .max(20),
  })
  .meta({ id: 'StaffCommerce' })
export type StaffCommerce = z.infer<typeof StaffCommerceSchema>

export const StaffGridQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  /** The language of the names shown. */
  language: LanguageSchema.default('en'),
})
export type StaffGridQuery = z.infer<typeof StaffGridQuerySchema>

export const StaffGridRowSchema = z
  .object({
    productId: z.string(),
    variantId: z.string().nullable(),
    code: z.string(),
    /** The product's name, with the variant's option values after a slash. */
    name: z.string(),
    stock: z.number().int(),
    prices: z.array(StaffPriceSchema),
  })
  .meta({ id: 'StaffGridRow' })
export type StaffGridRow = z.infer<typeof StaffGridRowSchema>

export const StaffGridSchema = z
  .object({
    rows: z.array(StaffGridRowSchema),
    /** Products matching (a page holds pageSize products and all their variants). */
    total: z.number().int(),
    page: z.number().int(),
    currencies: z.array(z.string()),
  })
  .meta({ id: 'StaffGrid' })
export type StaffGrid = z.infer<typeof StaffGridSchema>

export const StaffGridEditSchema = z
  .object({
    productId: z.string().min(1).max(64),
    variantId: z.string().min(1).max(64).nullable().default(null),
    /** Replaces these currencies' prices of the row (others stay). */
    prices: z.array(StaffPriceSchema).max(20).optional(),
    stock: StaffStockSchema.optional(),
  })
  .strict()
export const StaffGridSaveSchema = z.object({ rows: z.array(StaffGridEditSchema).min(1).max(500) })
export type StaffGridSave = z.infer<typeof StaffGridSaveSchema>

const ProductParams = z.object({ productId: z.string().min(1).max(64) })
const VariantParams = ProductParams.extend({ variantId: z.string().min(1).max(64) })
const base = { tags, security: 'bearer' } as const

export const backofficeVariantsApi = {
  variants: endpoint({
    ...base,
    method: 'GET',
    path: '/api/owner/products/:productId/variants',
    params: ProductParams,
    responses: { 200: StaffVariantsSchema, ...errors(400, 401, 403, 404) },
  }),
  /** Sets the options and generates the variants (409 variant_ordered when one to drop is in an order). */
  setOptions: endpoint({
    ...base,
    method: 'PUT',
    path: '/api/owner/products/:productId/options',
    params: ProductParams,
    body: StaffOptionsInputSchema,
    responses: { 200: StaffVariantsSchema, ...errors(400, 401, 403, 404, 409) },
  }),
  /** 409 sku_taken when another product or variant has the code. */
  updateVariant: endpoint({
    ...base,
    method: 'PUT',
    path: '/api/owner/products/:productId/variants/:variantId',
    params: VariantParams,
    body: StaffVariantInputSchema,
    responses: { 200: StaffVariantsSchema, ...errors(400, 401, 403, 404, 409) },
  }),
  variantStock: endpoint({
    ...base,
    method: 'PUT',
    path: '/api/owner/products/:productId/variants/:variantId/stock',
    params: VariantParams,
    body: StaffStockSchema,
    responses: { 200: StaffVariantsSchema, ...errors(400, 401, 403, 404, 409) },
  }),
  commerce: endpoint({
    ...base,
    method: 'GET',
    path: '/api/owner/products/:productId/commerce',
    params: ProductParams,
    responses: { 200: StaffCommerceSchema, ...errors(400, 401, 403, 404) },
  }),
  updateCommerce: endpoint({
    ...base,
    method: 'PUT',
    path: '/api/owner/products/:productId/commerce',
    params: ProductParams,
    body: StaffCommerceSchema,
    responses: { 200: StaffCommerceSchema, ...errors(400, 401, 403, 404) },
  }),
  grid: endpoint({
    ...base,
    method: 'GET',
    path: '/api/owner/price-grid',
    query: StaffGridQuerySchema,
    responses: { 200: StaffGridSchema, ...errors(400, 401, 403) },
  }),
  /** All rows or none; 409 stock_changed naming each row whose stock moved under the staff member. */
  saveGrid: endpoint({
    ...base,
    method: 'PUT',
    path: '/api/owner/price-grid',
    body: StaffGridSaveSchema,
    responses: { 200: z.object({ saved: z.number().int() }), ...errors(400, 401, 403, 404, 409) },
  }),
}
