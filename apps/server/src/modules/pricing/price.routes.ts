import { priceApi } from '@shop/contracts/price'
import type { FastifyInstance } from 'fastify'
import { answerCache } from '../../platform/cache/answer-cache.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { route } from '../../platform/http/route.ts'
import { listPrices, nextPriceChange, splitIds } from './price.service.ts'

/** The public price read, served from the catalogue's answer cache (docs/decisions/0030): it reads no header. */
export function priceRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const answers = answerCache(ctx.db, 'catalogue')
    answers.install(app, [])
    route(app, priceApi.prices, async (req, reply) =>
      answers.serve(req, reply, { key: req.url, until: () => nextPriceChange(ctx) }, async () =>
        listPrices(ctx, {
          currency: req.query.currency,
          productIds: splitIds(req.query.productId),
          effectiveDate: req.query.effectiveDate,
        }),
      ),
    )
  }
}
