import { z } from 'zod'
import { LanguageSchema } from './common.ts'
import { endpoint, errors, noContent } from './endpoint.ts'
import { CATALOGUE_STAFF_TAG } from './staff.ts'

/**
 * The back office's category calls (docs/decisions/0049-staff-categories.md): the owner and the catalogue staff
 * keep the category tree (names per language, place, publication) and the products of each category in order.
 */
const tags = ['owner', CATALOGUE_STAFF_TAG] as const

export const StaffCategoryTextSchema = z.object({
  language: LanguageSchema,
  name: z.string().trim().min(1).max(100),
})

/** A name in every language of every site (400 missing_language otherwise), one per language. */
const TextsSchema = z.array(StaffCategoryTextSchema).min(1).max(20)
const CategoryIdSchema = z.string().min(1).max(64)

export const StaffCategorySchema = z
  .object({
    id: z.string(),
    parentId: z.string().nullable(),
    /** Index among its siblings, from 0. */
    position: z.number().int(),
    published: z.boolean(),
    texts: z.array(z.object({ language: z.string(), name: z.string() })),
    /** Products assigned to this category itself (not its subcategories), published or not. */
    productCount: z.number().int(),
  })
  .meta({ id: 'StaffCategory' })
export type StaffCategory = z.infer<typeof StaffCategorySchema>

/** The whole tree, flat: parents before their children, siblings in their order. */
export const StaffCategoryTreeSchema = z
  .object({ languages: z.array(z.string()), categories: z.array(StaffCategorySchema) })
  .meta({ id: 'StaffCategoryTree' })
export type StaffCategoryTree = z.infer<typeof StaffCategoryTreeSchema>

export const StaffCategoryCreateSchema = z.object({
  parentId: CategoryIdSchema.nullable().default(null),
  texts: TextsSchema,
  published: z.boolean().default(true),
})
export type StaffCategoryCreate = z.infer<typeof StaffCategoryCreateSchema>

export const StaffCategoryNamesSchema = z.object({ texts: TextsSchema })

/** Where the category goes: under `parentId` (null: top level) at `position` among its new siblings. */
export const StaffCategoryPlaceSchema = z.object({
  parentId: CategoryIdSchema.nullable(),
  position: z.number().int().min(0).max(100_000),
})
export type StaffCategoryPlace = z.infer<typeof StaffCategoryPlaceSchema>

export const StaffCategoryPublishSchema = z.object({ published: z.boolean() })

export const StaffCategoryProductSchema = z
  .object({
    id: z.string(),
    sku: z.string(),
    name: z.string(),
    published: z.boolean(),
    position: z.number().int(),
  })
  .meta({ id: 'StaffCategoryProduct' })
export type StaffCategoryProduct = z.infer<typeof StaffCategoryProductSchema>

export const StaffCategoryProductsSchema = z
  .object({ items: z.array(StaffCategoryProductSchema), total: z.number().int(), page: z.number().int() })
  .meta({ id: 'StaffCategoryProducts' })
export type StaffCategoryProducts = z.infer<typeof StaffCategoryProductsSchema>

export const StaffCategoryProductsQuerySchema = z.object({
  language: LanguageSchema.default('en'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(100),
})

/** Assigns the product (at the end when `position` is left out) or moves it to `position` in the category. */
export const StaffAssignmentSchema = z.object({
  position: z.number().int().min(0).max(10_000_000).optional(),
})

/** A product's categories, each with its path of names in the language asked. */
export const StaffProductCategoriesSchema = z
  .array(z.object({ id: z.string(), path: z.array(z.string()) }))
  .meta({ id: 'StaffProductCategories' })

const CategoryParams = z.object({ categoryId: CategoryIdSchema })
const AssignmentParams = CategoryParams.extend({ productId: z.string().min(1).max(64) })

export const backofficeCategoriesApi = {
  tree: endpoint({
    method: 'GET',
    path: '/api/owner/categories',
    tags,
    security: 'bearer',
    responses: { 200: StaffCategoryTreeSchema, ...errors(401, 403) },
  }),
  /** 400 with the field (body.parentId unknown, body.texts missing a language). */
  create: endpoint({
    method: 'POST',
    path: '/api/owner/categories',
    tags,
    security: 'bearer',
    body: StaffCategoryCreateSchema,
    responses: { 201: StaffCategorySchema, ...errors(400, 401, 403) },
  }),
  rename: endpoint({
    method: 'PUT',
    path: '/api/owner/categories/:categoryId/names',
    tags,
    security: 'bearer',
    params: CategoryParams,
    body: StaffCategoryNamesSchema,
    responses: { 200: StaffCategorySchema, ...errors(400, 401, 403, 404) },
  }),
  /** Move and reorder: 400 for an unknown parent, 409 category_cycle for a parent inside its own subtree. */
  place: endpoint({
    method: 'PUT',
    path: '/api/owner/categories/:categoryId/place',
    tags,
    security: 'bearer',
    params: CategoryParams,
    body: StaffCategoryPlaceSchema,
    responses: { 200: StaffCategorySchema, ...errors(400, 401, 403, 404, 409) },
  }),
  publish: endpoint({
    method: 'PUT',
    path: '/api/owner/categories/:categoryId/published',
    tags,
    security: 'bearer',
    params: CategoryParams,
    body: StaffCategoryPublishSchema,
    responses: { 200: StaffCategorySchema, ...errors(400, 401, 403, 404) },
  }),
  /** 409 category_has_children while it has subcategories; its products leave it (they stay in the shop). */
  remove: endpoint({
    method: 'DELETE',
    path: '/api/owner/categories/:categoryId',
    tags,
    security: 'bearer',
    params: CategoryParams,
    responses: { 204: noContent('The category is gone'), ...errors(400, 401, 403, 404, 409) },
  }),
  products: endpoint({
    method: 'GET',
    path: '/api/owner/categories/:categoryId/products',
    tags,
    security: 'bearer',
    params: CategoryParams,
    query: StaffCategoryProductsQuerySchema,
    responses: { 200: StaffCategoryProductsSchema, ...errors(400, 401, 403, 404) },
  }),
  assign: endpoint({
    method: 'PUT',
    path: '/api/owner/categories/:categoryId/products/:productId',
    tags,
    security: 'bearer',
    params: AssignmentParams,
    body: StaffAssignmentSchema,
    responses: { 204: noContent('The product is in the category, in place'), ...errors(400, 401, 403, 404) },
  }),
  unassign: endpoint({
    method: 'DELETE',
    path: '/api/owner/categories/:categoryId/products/:productId',
    tags,
    security: 'bearer',
    params: AssignmentParams,
    responses: { 204: noContent('The product left the category'), ...errors(400, 401, 403, 404) },
  }),
  productCategories: endpoint({
    method: 'GET',
    path: '/api/owner/products/:productId/categories',
    tags,
    security: 'bearer',
    params: z.object({ productId: z.string().min(1).max(64) }),
    query: z.object({ language: LanguageSchema.default('en') }),
    responses: { 200: StaffProductCategoriesSchema, ...errors(400, 401, 403, 404) },
  }),
}
