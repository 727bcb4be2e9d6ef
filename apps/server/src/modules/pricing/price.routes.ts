import { priceApi } from '@shop/contracts/price'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../platform/http/context.ts'
import { route } from '../../platform/http/route.ts'
import { listPrices, splitIds } from './price.service.ts'

export function priceRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, priceApi.prices, async (req) =>
      listPrices(ctx, {
        currency: req.query.currency,
        productIds: splitIds(req.query.productId),
        effectiveDate: req.query.effectiveDate,
      }),
    )
  }
}
