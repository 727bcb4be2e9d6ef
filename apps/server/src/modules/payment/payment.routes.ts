import { CardErrorSchema, CardTokenRequestSchema, CardTokenSchema } from '@shop/contracts/payment'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { AppContext } from '../../platform/http/context.ts'
import { tokenizeTestCard } from './payment.service.ts'

/**
 * The built-in test card provider's tokenizer. Card data is sensitive: the route logs nothing below warn
 * (no request lines), and neither the number nor the cvc is stored or echoed.
 */
export function paymentRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/api/payments/test-card/tokens',
      {
        logLevel: 'warn',
        config: { sensitiveBody: true },
        schema: {
          tags: ['payment'],
          body: CardTokenRequestSchema,
          response: { 201: CardTokenSchema, 402: CardErrorSchema },
        },
      },
      async (request, reply) => {
        const result = await tokenizeTestCard(ctx.db, request.body)
        return 'error' in result ? reply.status(402).send(result) : reply.status(201).send(result)
      },
    )
  }
}
