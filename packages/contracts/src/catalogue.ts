import { z } from 'zod'
import { IdSchema, PagingQuerySchema } from './common.ts'
import { endpoint, errors } from './endpoint.ts'
import { PriceRangeSchema, PriceSchema } from './price.ts'
import { idOfSegment, segment, slugify } from './slug.ts'

export const MediaSchema = z.object({
  id: z.string(),
  /** An uploaded image's URL is its largest WebP; `mediaSrcSet` (media.ts) builds its srcset from it. */
  url: z.string(),
  uncommittedMedia: z.boolean().optional(),
  /** Uploaded images: the widths it is served in, its size, and its alt text in the answer's language. */
  widths: z.array(z.number().int()).optional(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  alt: z.string().optional(),
})

/** `disabled` is never sent by the API; the storefront sets it while computing the selectable values. */
export const OptionAttributeSchema = z.object({
  value: z.string(),
  variantIds: z.array(z.string()),
  disabled: z.boolean().optional(),
})

/** One option key (e.g. colour) with its attribute key and the values the variants carry. */
export const OptionSchema = z.object({
  optionKey: z.string(),
  attributeKey: z.string(),
  attributes: z.array(OptionAttributeSchema),
})

export const ProductSchema = z
  .object({
    id: z.string(),
    code: z.string(),
    name: z.string(),
    description: z.string(),
    yrn: z.string(),
    media: z.array(MediaSchema),
    mixins: z.record(z.string(), z.unknown()),
    metadata: z.object({
      createdAt: z.string(),
      variants: z.object({ options: z.array(OptionSchema) }).optional(),
      /** mixin name → URL of its schema (GET it, and its /metadata for labels). */
      mixins: z.record(z.string(), z.string()).optional(),
    }),
    categories: z.array(z.string()),
    hasVariants: z.boolean(),
    isBuyable: z.boolean(),
    inStock: z.boolean(),
    prices: z.array(PriceSchema).optional(),
    priceRange: PriceRangeSchema.optional(),
    /** Only with expand=variants on the list. */
    variants: z.array(z.lazy(() => VariantSchema)).optional(),
    /**
     * Only with expand=slugs: the URL name (slug) in every language the product has texts in, `en` always; a
     * language not listed uses `en`'s. For hreflang links and sitemaps that name each language's final URL.
     */
    slugs: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'Product' })

export const VariantSchema = z
  .object({
    id: z.string(),
    productId: z.string(),
    code: z.string(),
    name: z.string(),
    yrn: z.string(),
    default: z.boolean(),
    /** option key → { attribute key → value }, e.g. { colour: { name: 'Red' }, size: { value: 'M' } } */
    options: z.record(z.string(), z.record(z.string(), z.string())),
    media: z.array(MediaSchema),
    mixins: z.record(z.string(), z.unknown()),
    inStock: z.boolean(),
    prices: z.array(PriceSchema).optional(),
  })
  .meta({ id: 'Variant' })

export const PRODUCT_SORTS = ['name', 'name:desc', 'metadata.createdAt:desc'] as const

export const ProductListQuerySchema = PagingQuerySchema.extend({
  /** `published:true`, `id:(a,b,c)`, `category:id`, `name:text`, space separated; see docs/api.md. */
  q: z.string().max(4000).optional(),
  /** `name.<lang>`, `name.<lang>:desc` or `metadata.createdAt:desc`. */
  sort: z
    .string()
    .regex(
      /^(name\.[a-z]{2}(:desc|:asc)?|metadata\.createdAt:desc)$/,
      'name.<lang>, name.<lang>:desc or metadata.createdAt:desc',
    )
    .optional(),
  /**
   * Keyset paging: the id of the last product of the previous page (infinite scroll). The page then starts
   * right after that product in the sort, read from the sort index instead of skipping `(pageNumber - 1) ×
   * pageSize` rows, so page 100 costs what page 1 does. Where the list cannot be walked by key (an `id:` or
   * `name:` filter) or the product is no longer listed, `pageNumber` decides as without it.
   */
  after: IdSchema.optional(),
  /**
   * `prices` embeds prices (and a range for variant products) in the request's currency, `variants` the
   * variants, `slugs` the URL name in each language.
   */
  expand: z
    .string()
    .regex(/^(prices|variants|slugs)(,(prices|variants|slugs))*$/, 'comma list of prices, variants, slugs')
    .optional(),
})

export const CategorySchema: z.ZodType<Category> = z
  .lazy(() =>
    z.object({
      id: z.string(),
      name: z.string(),
      slug: z.string(),
      parentId: z.string().nullable(),
      path: z.array(z.object({ id: z.string(), name: z.string(), slug: z.string() })),
      media: z.array(MediaSchema),
      subcategories: z.array(CategorySchema).optional(),
      slugs: z.record(z.string(), z.string()).optional(),
    }),
  )
  .meta({ id: 'Category' })

export interface Category {
  id: string
  name: string
  slug: string
  parentId: string | null
  /** From the top-level category down to this one, inclusive (breadcrumbs; depth = path.length). */
  path: Array<{ id: string; name: string; slug: string }>
  media: Array<z.infer<typeof MediaSchema>>
  subcategories?: Category[]
  /**
   * Only with expand=slugs on one category: its slug in every language it has a name in, `en` always; a
   * language not listed uses `en`'s (hreflang links, sitemaps).
   */
  slugs?: Record<string, string>
}

export const CategoryListQuerySchema = z.object({
  expand: z.enum(['subcategories']).optional(),
  toplevel: z.enum(['true', 'false']).optional(),
})

export const CategoryQuerySchema = z.object({ expand: z.enum(['slugs']).optional() })

export const AssignmentSchema = z.object({ ref: z.object({ type: z.literal('product'), id: z.string() }) })
export const AssignmentsQuerySchema = z.object({ recursive: z.enum(['true', 'false']).optional() })

export const ProductParamsSchema = z.object({ productId: IdSchema })
export const VariantParamsSchema = z.object({ productId: IdSchema, variantId: IdSchema })
export const CategoryParamsSchema = z.object({ id: IdSchema })

/** Category slug (spec §2); the one slug function lives in slug.ts. */
export const categorySlug = slugify

/** The category URL segment of spec §2: `<slug>~<id>`. */
export function categoryPath(name: string, id: string): string {
  return segment(name, id)
}

/** The category id of a URL segment; lookup uses only the id, so a stale slug still resolves. */
export const categoryIdOfPath = idOfSegment

export type Media = z.infer<typeof MediaSchema>
export type Option = z.infer<typeof OptionSchema>
export type Product = z.infer<typeof ProductSchema>
export type Variant = z.infer<typeof VariantSchema>
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>
export type Assignment = z.infer<typeof AssignmentSchema>

export const MixinSchemaParamsSchema = z.object({ name: IdSchema })
export const MixinSchemaSchema = z.record(z.string(), z.unknown()).meta({ id: 'MixinSchema' })
export const MixinMetadataSchema = z
  .object({
    schema: z.string(),
    language: z.string(),
    title: z.string(),
    /** attribute key → its label in the request's language */
    properties: z.record(z.string(), z.object({ title: z.string() })),
  })
  .meta({ id: 'MixinMetadata' })
export type MixinMetadata = z.infer<typeof MixinMetadataSchema>

/** GET one product: `expand` as on the list. */
export const ProductQuerySchema = ProductListQuerySchema.pick({ expand: true })

/** Products, variants, mixin schemas and categories under /api/catalogue; every list carries x-total-count. */
export const catalogueApi = {
  products: endpoint({
    method: 'GET',
    path: '/api/catalogue/products',
    tags: ['catalogue'],
    query: ProductListQuerySchema,
    responses: { 200: z.array(ProductSchema), ...errors(400) },
    paged: true,
  }),
  product: endpoint({
    method: 'GET',
    path: '/api/catalogue/products/:productId',
    tags: ['catalogue'],
    params: ProductParamsSchema,
    query: ProductQuerySchema,
    responses: { 200: ProductSchema, ...errors(400, 404) },
  }),
  variants: endpoint({
    method: 'GET',
    path: '/api/catalogue/products/:productId/variants',
    tags: ['catalogue'],
    params: ProductParamsSchema,
    responses: { 200: z.array(VariantSchema), ...errors(400, 404) },
  }),
  variant: endpoint({
    method: 'GET',
    path: '/api/catalogue/products/:productId/variants/:variantId',
    tags: ['catalogue'],
    params: VariantParamsSchema,
    responses: { 200: VariantSchema, ...errors(400, 404) },
  }),
  mixinSchema: endpoint({
    method: 'GET',
    path: '/api/catalogue/schemas/:name',
    tags: ['catalogue'],
    params: MixinSchemaParamsSchema,
    responses: { 200: MixinSchemaSchema, ...errors(400, 404) },
  }),
  mixinMetadata: endpoint({
    method: 'GET',
    path: '/api/catalogue/schemas/:name/metadata',
    tags: ['catalogue'],
    params: MixinSchemaParamsSchema,
    responses: { 200: MixinMetadataSchema, ...errors(400, 404) },
  }),
  categories: endpoint({
    method: 'GET',
    path: '/api/catalogue/categories',
    tags: ['catalogue'],
    query: CategoryListQuerySchema,
    responses: { 200: z.array(CategorySchema), ...errors(400) },
  }),
  category: endpoint({
    method: 'GET',
    path: '/api/catalogue/categories/:id',
    tags: ['catalogue'],
    params: CategoryParamsSchema,
    query: CategoryQuerySchema,
    responses: { 200: CategorySchema, ...errors(400, 404) },
  }),
  assignments: endpoint({
    method: 'GET',
    path: '/api/catalogue/categories/:id/assignments',
    tags: ['catalogue'],
    params: CategoryParamsSchema,
    query: AssignmentsQuerySchema,
    responses: { 200: z.array(AssignmentSchema), ...errors(400, 404) },
  }),
}
