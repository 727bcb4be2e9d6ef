import { catalogueApi } from '@shop/contracts/catalogue'
import { TOTAL_COUNT_HEADER } from '@shop/contracts/common'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { answerCache, type Cacheable, headerKey } from '../../platform/cache/answer-cache.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { route } from '../../platform/http/route.ts'
import { nextPriceChange } from '../pricing/price.service.ts'
import { resolveLocale } from '../site/site.service.ts'
import { categoryRoutes } from './category.routes.ts'
import { mixinMetadata, mixinSchema } from './mixin-schemas.ts'
import { getProduct, getVariant, listProducts, listVariants } from './product.service.ts'

/** The headers `resolveLocale` reads: a cached answer is filed under their values as sent. */
const LOCALE_HEADERS = ['site-code', 'accept-language', 'currency'] as const

/**
 * A catalogue answer as the cache files it (docs/decisions/0030): the path and query as sent and the locale
 * headers; old at the next price change, as it may show prices.
 */
const catalogueCacheable = (ctx: AppContext, req: FastifyRequest): Cacheable => ({
  key: `${req.url} ${headerKey(req, LOCALE_HEADERS)}`,
  until: () => nextPriceChange(ctx),
})

/** Products, variants and categories under /api/catalogue; the public reads are served from the answer cache. */
export function catalogueRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const answers = answerCache(ctx.db, 'catalogue')
    answers.install(app, [TOTAL_COUNT_HEADER])
    // Every list carries its total (a list without paging: its length); paged lists set it themselves.
    app.addHook('preSerialization', async (_req, reply, payload) => {
      if (Array.isArray(payload) && !reply.hasHeader(TOTAL_COUNT_HEADER)) {
        void reply.header(TOTAL_COUNT_HEADER, String(payload.length))
      }
      return payload
    })
    route(app, catalogueApi.products, async (req, reply) =>
      answers.serve(req, reply, catalogueCacheable(ctx, req), async () => {
        const page = await listProducts(ctx, await resolveLocale(ctx, req.headers), req.query)
        void reply.header(TOTAL_COUNT_HEADER, String(page.total))
        return page.products
      }),
    )
    route(app, catalogueApi.product, async (req, reply) =>
      answers.serve(req, reply, catalogueCacheable(ctx, req), async () =>
        getProduct(ctx, await resolveLocale(ctx, req.headers), req.params.productId, req.query.expand),
      ),
    )
    route(app, catalogueApi.variants, async (req, reply) =>
      answers.serve(req, reply, catalogueCacheable(ctx, req), async () =>
        listVariants(ctx, await resolveLocale(ctx, req.headers), req.params.productId),
      ),
    )
    route(app, catalogueApi.variant, async (req, reply) =>
      answers.serve(req, reply, catalogueCacheable(ctx, req), async () =>
        getVariant(ctx, await resolveLocale(ctx, req.headers), req.params.productId, req.params.variantId),
      ),
    )
    route(app, catalogueApi.mixinSchema, async (req, reply) => {
      void reply.header('cache-control', 'public, max-age=3600')
      return mixinSchema(req.params.name)
    })
    route(app, catalogueApi.mixinMetadata, async (req) =>
      mixinMetadata(req.params.name, (await resolveLocale(ctx, req.headers)).language),
    )
    categoryRoutes(ctx, app, answers, (req) => catalogueCacheable(ctx, req))
  }
}
