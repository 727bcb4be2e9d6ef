import { z } from 'zod'
import { CurrencySchema, LanguageSchema } from './common.ts'
import { endpoint, errors, noContent } from './endpoint.ts'
import { CATALOGUE_STAFF_TAG } from './staff.ts'

/**
 * The back office's catalogue calls (docs/decisions/0043-staff-product-api.md): the owner and the catalogue
 * staff list, create, edit and delete products. Money is integer minor units (cents), as the pricing module
 * keeps it; the storefront shows decimals.
 */
const tags = ['owner', CATALOGUE_STAFF_TAG] as const

export const STAFF_PRODUCT_SORTS = ['name', 'sku', 'price', 'stock', 'created'] as const

export const StaffProductListQuerySchema = z.object({
  /** Part of a name (any language) or the start of a SKU. */
  q: z.string().trim().max(100).optional(),
  sort: z.enum(STAFF_PRODUCT_SORTS).default('created'),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** The currency the price sort reads; the default site's currency when left out. */
  currency: CurrencySchema.optional(),
  /** The language of the names shown and sorted by. */
  language: LanguageSchema.default('en'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
})
export type StaffProductListQuery = z.infer<typeof StaffProductListQuerySchema>

export const StaffPriceSchema = z
  .object({
    currency: CurrencySchema,
    /** What the shopper pays, in minor units. */
    effectiveMinor: z.number().int().min(0).max(1_000_000_000),
    /** The price before a reduction (equal to effective when there is none), in minor units. */
    originalMinor: z.number().int().min(0).max(1_000_000_000),
  })
  .meta({ id: 'StaffPrice' })
export type StaffPrice = z.infer<typeof StaffPriceSchema>

export const StaffProductRowSchema = z
  .object({
    id: z.string(),
    sku: z.string(),
    name: z.string(),
    published: z.boolean(),
    stock: z.number().int(),
    prices: z.array(StaffPriceSchema),
    category: z.object({ id: z.string(), name: z.string() }).nullable(),
    created: z.string(),
  })
  .meta({ id: 'StaffProductRow' })
export type StaffProductRow = z.infer<typeof StaffProductRowSchema>

export const StaffProductListSchema = z
  .object({ items: z.array(StaffProductRowSchema), total: z.number().int(), page: z.number().int() })
  .meta({ id: 'StaffProductList' })
export type StaffProductList = z.infer<typeof StaffProductListSchema>

export const StaffProductTextSchema = z.object({
  language: LanguageSchema,
  name: z.string().trim().min(1).max(200),
  description: z.string().max(10_000).default(''),
})

const SkuSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._-]+$/, 'letters, digits, dot, hyphen and underscore only')

/** What the staff edit of a product (the stock has calls of its own: it must never race a checkout). */
export const StaffProductInputSchema = z.object({
  sku: SkuSchema,
  published: z.boolean(),
  taxCode: z.string().trim().min(1).max(32).nullable().default(null),
  /** A name (and description) in every language of every site. */
  texts: z.array(StaffProductTextSchema).min(1).max(20),
  prices: z.array(StaffPriceSchema).max(20),
})
export type StaffProductInput = z.infer<typeof StaffProductInputSchema>

export const StaffProductCreateSchema = StaffProductInputSchema.extend({
  stock: z.number().int().min(0).max(1_000_000_000).default(0),
})
export type StaffProductCreate = z.infer<typeof StaffProductCreateSchema>

export const StaffProductSchema = z
  .object({
    id: z.string(),
    sku: z.string(),
    published: z.boolean(),
    taxCode: z.string().nullable(),
    stock: z.number().int(),
    hasVariants: z.boolean(),
    texts: z.array(z.object({ language: z.string(), name: z.string(), description: z.string() })),
    prices: z.array(StaffPriceSchema),
    created: z.string(),
  })
  .meta({ id: 'StaffProduct' })
export type StaffProduct = z.infer<typeof StaffProductSchema>

/**
 * A stock edit: `expected` is the stock the staff member saw, `stock` the new figure; 409 stock_changed (with
 * the current figure) when a checkout took units in between. Or `delta`: units received (+) or written off (−).
 */
export const StaffStockSchema = z.union([
  z.object({ expected: z.number().int().min(0), stock: z.number().int().min(0).max(1_000_000_000) }).strict(),
  z.object({ delta: z.number().int().min(-1_000_000_000).max(1_000_000_000) }).strict(),
])
export type StaffStock = z.infer<typeof StaffStockSchema>

const ProductParamsSchema = z.object({ productId: z.string().min(1).max(64) })

export const backofficeApi = {
  products: endpoint({
    method: 'GET',
    path: '/api/owner/products',
    tags,
    security: 'bearer',
    query: StaffProductListQuerySchema,
    responses: { 200: StaffProductListSchema, ...errors(400, 401, 403) },
  }),
  product: endpoint({
    method: 'GET',
    path: '/api/owner/products/:productId',
    tags,
    security: 'bearer',
    params: ProductParamsSchema,
    responses: { 200: StaffProductSchema, ...errors(400, 401, 403, 404) },
  }),
  /** 409 sku_taken when another product has the SKU. */
  createProduct: endpoint({
    method: 'POST',
    path: '/api/owner/products',
    tags,
    security: 'bearer',
    body: StaffProductCreateSchema,
    responses: { 201: StaffProductSchema, ...errors(400, 401, 403, 409) },
  }),
  updateProduct: endpoint({
    method: 'PUT',
    path: '/api/owner/products/:productId',
    tags,
    security: 'bearer',
    params: ProductParamsSchema,
    body: StaffProductInputSchema,
    responses: { 200: StaffProductSchema, ...errors(400, 401, 403, 404, 409) },
  }),
  updateStock: endpoint({
    method: 'PUT',
    path: '/api/owner/products/:productId/stock',
    tags,
    security: 'bearer',
    params: ProductParamsSchema,
    body: StaffStockSchema,
    responses: { 200: StaffProductSchema, ...errors(400, 401, 403, 404, 409) },
  }),
  /** 409 product_ordered for a product some order holds: unpublish it instead (docs/decisions/0044). */
  deleteProduct: endpoint({
    method: 'DELETE',
    path: '/api/owner/products/:productId',
    tags,
    security: 'bearer',
    params: ProductParamsSchema,
    responses: { 204: noContent('The product is gone'), ...errors(400, 401, 403, 404, 409) },
  }),
}
