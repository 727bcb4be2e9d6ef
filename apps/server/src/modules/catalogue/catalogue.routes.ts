import { catalogueApi } from '@shop/contracts/catalogue'
import { TOTAL_COUNT_HEADER } from '@shop/contracts/common'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../platform/http/context.ts'
import { route } from '../../platform/http/route.ts'
import { resolveLocale } from '../site/site.service.ts'
import { categoryRoutes } from './category.routes.ts'
import { mixinMetadata, mixinSchema } from './mixin-schemas.ts'
import { getProduct, getVariant, listProducts, listVariants } from './product.service.ts'

/** Products, variants and categories under /api/catalogue. */
export function catalogueRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    // Every list carries its total (a list without paging: its length); paged lists set it themselves.
    app.addHook('preSerialization', async (_req, reply, payload) => {
      if (Array.isArray(payload) && !reply.hasHeader(TOTAL_COUNT_HEADER)) {
        void reply.header(TOTAL_COUNT_HEADER, String(payload.length))
      }
      return payload
    })
    route(app, catalogueApi.products, async (req, reply) => {
      const page = await listProducts(ctx, await resolveLocale(ctx, req.headers), req.query)
      void reply.header(TOTAL_COUNT_HEADER, String(page.total))
      return page.products
    })
    route(app, catalogueApi.product, async (req) =>
      getProduct(ctx, await resolveLocale(ctx, req.headers), req.params.productId, req.query.expand),
    )
    route(app, catalogueApi.variants, async (req) =>
      listVariants(ctx, await resolveLocale(ctx, req.headers), req.params.productId),
    )
    route(app, catalogueApi.variant, async (req) =>
      getVariant(ctx, await resolveLocale(ctx, req.headers), req.params.productId, req.params.variantId),
    )
    route(app, catalogueApi.mixinSchema, async (req, reply) => {
      void reply.header('cache-control', 'public, max-age=3600')
      return mixinSchema(req.params.name)
    })
    route(app, catalogueApi.mixinMetadata, async (req) =>
      mixinMetadata(req.params.name, (await resolveLocale(ctx, req.headers)).language),
    )
    categoryRoutes(ctx, app)
  }
}
