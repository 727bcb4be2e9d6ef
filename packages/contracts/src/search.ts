import { z } from 'zod'
import { IdSchema, LanguageSchema } from './common.ts'
import { endpoint, errors } from './endpoint.ts'
import { PriceRangeSchema, PriceSchema } from './price.ts'
import { SEARCH_PRODUCTS } from './routes.ts'

/** Spec §9: hits of the live search box. */
export const LIVE_SEARCH_HITS = 5
export const MAX_HITS_PER_PAGE = 50
export const SEARCH_SORTS = ['relevance'] as const

const decimal = z.coerce.number().finite().min(0).max(1e9)

/** GET /api/search/products: the hosted-search-index query of spec §7 (page is 0-based). */
export const SearchQuerySchema = z
  .object({
    q: z.string().trim().min(1).max(200),
    hitsPerPage: z.coerce.number().int().min(1).max(MAX_HITS_PER_PAGE).default(LIVE_SEARCH_HITS),
    page: z.coerce.number().int().min(0).max(1000).default(0),
    /** The shopper's language; unknown or absent: the request's (accept-language), else en. */
    language: LanguageSchema.optional(),
    /** Only products of this category or its subcategories. */
    category: IdSchema.optional(),
    /** Effective price bounds, in the site currency (decimal amounts). */
    priceMin: decimal.optional(),
    priceMax: decimal.optional(),
    /** `true`: only products in stock. */
    inStock: z.enum(['true', 'false']).optional(),
    sort: z.enum(SEARCH_SORTS).optional(),
  })
  .refine((q) => q.priceMin === undefined || q.priceMax === undefined || q.priceMin <= q.priceMax, {
    message: 'priceMin must not exceed priceMax',
    path: ['priceMin'],
  })

const HighlightRangeSchema = z.tuple([z.number().int().min(0), z.number().int().min(0)])

export const SearchHitSchema = z
  .object({
    objectID: z.string(),
    name: z.string(),
    description: z.string().optional(),
    image: z.string().optional(),
    categories: z.array(z.string()),
    hasVariants: z.boolean(),
    inStock: z.boolean(),
    price: PriceSchema.optional(),
    /**
     * Where the query matched: [start, end) UTF-16 offsets of the matched words of `name` and `description`
     * (the client marks them; no markup travels in the text).
     */
    highlights: z.object({ name: z.array(HighlightRangeSchema), description: z.array(HighlightRangeSchema) }),
    priceRange: PriceRangeSchema.optional(),
  })
  .meta({ id: 'SearchHit' })

export const SearchResultSchema = z
  .object({
    query: z.string(),
    nbHits: z.number().int(),
    /**
     * false when matches were counted only up to a cap: nbHits is then that cap, a lower bound (as hosted
     * search engines report it); absent when nbHits is exact.
     */
    nbHitsExhaustive: z.boolean().optional(),
    page: z.number().int(),
    hitsPerPage: z.number().int(),
    nbPages: z.number().int(),
    hits: z.array(SearchHitSchema),
  })
  .meta({ id: 'SearchResult' })

export type SearchQuery = z.input<typeof SearchQuerySchema>
export type SearchHit = z.infer<typeof SearchHitSchema>
export type SearchResult = z.infer<typeof SearchResultSchema>

export const searchApi = {
  /** The total (nbHits) is also in the x-total-count header. */
  products: endpoint({
    ...SEARCH_PRODUCTS,
    tags: ['search'],
    query: SearchQuerySchema,
    responses: { 200: SearchResultSchema, ...errors(400) },
  }),
}
