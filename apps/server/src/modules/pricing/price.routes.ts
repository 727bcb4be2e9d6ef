import { PriceQuerySchema, PriceSchema } from '@shop/contracts/price'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/http/context.ts'
import { listPrices, splitIds } from './price.service.ts'

export function priceRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/price/prices',
      {
        schema: { tags: ['price'], querystring: PriceQuerySchema, response: { 200: z.array(PriceSchema) } },
      },
      async (req) =>
        listPrices(ctx, {
          currency: req.query.currency,
          productIds: splitIds(req.query.productId),
          effectiveDate: req.query.effectiveDate,
        }),
    )
  }
}
