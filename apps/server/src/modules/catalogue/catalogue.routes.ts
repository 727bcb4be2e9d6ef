import { catalogueApi } from '@shop/contracts/catalogue'
import { TOTAL_COUNT_HEADER } from '@shop/contracts/common'
import type { FastifyInstance } from 'fastify'
import { markPublic } from '../../platform/cache/public-answer.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { route } from '../../platform/http/route.ts'
import { resolveLocale } from '../site/site.service.ts'
import { catalogueAnswers } from './catalogue-cache.ts'
import { mixinMetadata, mixinSchema } from './mixin-schemas.ts'
import { getProduct, getVariant, listProducts, listVariants } from './product.service.ts'

/** Products and variants under /api/catalogue (categories: category.routes.ts); public reads from the answer cache. */
export function catalogueRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { answers, cacheable } = catalogueAnswers(ctx, app)
    route(app, catalogueApi.products, async (req, reply) =>
      answers.serve(req, reply, cacheable(req), async () => {
        const page = await listProducts(ctx, await resolveLocale(ctx, req.headers), req.query)
        void reply.header(TOTAL_COUNT_HEADER, String(page.total))
        return page.products
      }),
    )
    route(app, catalogueApi.product, async (req, reply) =>
      answers.serve(req, reply, cacheable(req), async () =>
        getProduct(ctx, await resolveLocale(ctx, req.headers), req.params.productId, req.query.expand),
      ),
    )
    route(app, catalogueApi.variants, async (req, reply) =>
      answers.serve(req, reply, cacheable(req), async () =>
        listVariants(ctx, await resolveLocale(ctx, req.headers), req.params.productId),
      ),
    )
    route(app, catalogueApi.variant, async (req, reply) =>
      answers.serve(req, reply, cacheable(req), async () =>
        getVariant(ctx, await resolveLocale(ctx, req.headers), req.params.productId, req.params.variantId),
      ),
    )
    route(app, catalogueApi.mixinSchema, async (req, reply) => {
      markPublic(reply, 'static')
      void reply.header('cache-control', 'public, max-age=3600')
      return mixinSchema(req.params.name)
    })
    route(app, catalogueApi.mixinMetadata, async (req, reply) => {
      markPublic(reply, 'static')
      return mixinMetadata(req.params.name, (await resolveLocale(ctx, req.headers)).language)
    })
  }
}
