import { CalculationRequestSchema, CalculationSchema } from '@shop/contracts/calculation'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { authenticate } from '../../platform/auth/guard.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { calculateRequest } from './cart-calculation.service.ts'

export function calculationRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/api/cart/calculation',
      {
        schema: {
          tags: ['calculation'],
          security: [{ bearer: [] }],
          body: CalculationRequestSchema,
          response: { 200: CalculationSchema },
        },
      },
      async (request) => {
        const call = {
          principal: await authenticate(ctx.db, request),
          language: request.headers['accept-language'],
        }
        return calculateRequest(ctx, call, request.body)
      },
    )
  }
}
