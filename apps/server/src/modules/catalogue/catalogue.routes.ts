import {
  MixinMetadataSchema,
  MixinSchemaParamsSchema,
  MixinSchemaSchema,
  ProductListQuerySchema,
  ProductParamsSchema,
  ProductSchema,
  VariantParamsSchema,
  VariantSchema,
} from '@shop/contracts/catalogue'
import { TOTAL_COUNT_HEADER } from '@shop/contracts/common'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/http/context.ts'
import { resolveLocale } from '../site/site.service.ts'
import { categoryRoutes } from './category.routes.ts'
import { mixinMetadata, mixinSchema } from './mixin-schemas.ts'
import { getProduct, getVariant, listProducts, listVariants } from './product.service.ts'

const ProductQuerySchema = ProductListQuerySchema.pick({ expand: true })

/** Products, variants and categories under /api/catalogue. */
export function catalogueRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>()
    // Every list carries its total (a list without paging: its length); paged lists set it themselves.
    app.addHook('preSerialization', async (_req, reply, payload) => {
      if (Array.isArray(payload) && !reply.hasHeader(TOTAL_COUNT_HEADER)) {
        void reply.header(TOTAL_COUNT_HEADER, String(payload.length))
      }
      return payload
    })
    api.get(
      '/api/catalogue/products',
      {
        schema: {
          tags: ['catalogue'],
          querystring: ProductListQuerySchema,
          response: { 200: z.array(ProductSchema) },
        },
      },
      async (req, reply) => {
        const page = await listProducts(ctx, await resolveLocale(ctx, req.headers), req.query)
        void reply.header(TOTAL_COUNT_HEADER, String(page.total))
        return page.products
      },
    )
    api.get(
      '/api/catalogue/products/:productId',
      {
        schema: {
          tags: ['catalogue'],
          params: ProductParamsSchema,
          querystring: ProductQuerySchema,
          response: { 200: ProductSchema },
        },
      },
      async (req) =>
        getProduct(ctx, await resolveLocale(ctx, req.headers), req.params.productId, req.query.expand),
    )
    api.get(
      '/api/catalogue/products/:productId/variants',
      {
        schema: {
          tags: ['catalogue'],
          params: ProductParamsSchema,
          response: { 200: z.array(VariantSchema) },
        },
      },
      async (req) => listVariants(ctx, await resolveLocale(ctx, req.headers), req.params.productId),
    )
    api.get(
      '/api/catalogue/products/:productId/variants/:variantId',
      { schema: { tags: ['catalogue'], params: VariantParamsSchema, response: { 200: VariantSchema } } },
      async (req) =>
        getVariant(ctx, await resolveLocale(ctx, req.headers), req.params.productId, req.params.variantId),
    )
    api.get(
      '/api/catalogue/schemas/:name',
      {
        schema: {
          tags: ['catalogue'],
          params: MixinSchemaParamsSchema,
          response: { 200: MixinSchemaSchema },
        },
      },
      async (req, reply) => {
        void reply.header('cache-control', 'public, max-age=3600')
        return mixinSchema(req.params.name)
      },
    )
    api.get(
      '/api/catalogue/schemas/:name/metadata',
      {
        schema: {
          tags: ['catalogue'],
          params: MixinSchemaParamsSchema,
          response: { 200: MixinMetadataSchema },
        },
      },
      async (req) => mixinMetadata(req.params.name, (await resolveLocale(ctx, req.headers)).language),
    )
    categoryRoutes(ctx, api)
  }
}
