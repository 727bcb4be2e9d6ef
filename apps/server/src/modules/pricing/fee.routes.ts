import { FeeSchema, FeesQuerySchema, ItemFeesSchema, ItemFeesSearchSchema } from '@shop/contracts/fee'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/http/context.ts'
import { listFees, searchItemFees } from './fee.service.ts'

export function feeRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>()
    api.post(
      '/api/fee/itemFees/search',
      { schema: { tags: ['fee'], body: ItemFeesSearchSchema, response: { 200: ItemFeesSchema } } },
      async (request) => searchItemFees(ctx, request.body.itemYrns, request.body.siteCode),
    )
    api.get(
      '/api/fee/fees',
      { schema: { tags: ['fee'], querystring: FeesQuerySchema, response: { 200: z.array(FeeSchema) } } },
      async (request) => listFees(ctx, request.query),
    )
  }
}
