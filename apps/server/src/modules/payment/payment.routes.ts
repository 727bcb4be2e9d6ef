import { ErrorSchema } from '@shop/contracts/errors'
import {
  CardErrorSchema,
  CardTokenRequestSchema,
  CardTokenSchema,
  PaymentProviderInfoSchema,
} from '@shop/contracts/payment'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { AppContext } from '../../platform/http/context.ts'
import { notFound } from '../../platform/http/errors.ts'
import { configurePayments, tokenizeTestCard } from './payment.service.ts'
import { TEST_CARD_TOKEN_URL } from './test-card.provider.ts'

export function paymentRoutes(ctx: AppContext) {
  const payments = configurePayments(ctx.config)
  return async (app: FastifyInstance) => {
    /** Which provider the storefront tokenizes cards with, and its public data (never a secret key). */
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(
        '/api/payments/provider',
        { schema: { tags: ['payment'], response: { 200: PaymentProviderInfoSchema } } },
        async () => payments.info,
      )

    /**
     * The built-in test card provider's tokenizer (absent while Stripe is active). Card data is sensitive: the
     * route logs nothing below warn (no request lines), and neither the number nor the cvc is stored or echoed.
     */
    app.withTypeProvider<ZodTypeProvider>().post(
      TEST_CARD_TOKEN_URL,
      {
        logLevel: 'warn',
        config: { sensitiveBody: true },
        schema: {
          tags: ['payment'],
          body: CardTokenRequestSchema,
          response: { 201: CardTokenSchema, 402: CardErrorSchema, 404: ErrorSchema },
        },
      },
      async (request, reply) => {
        if (payments.info.id !== 'test-card') throw notFound('Payment provider', 'test-card')
        const result = await tokenizeTestCard(ctx.db, request.body)
        return 'error' in result ? reply.status(402).send(result) : reply.status(201).send(result)
      },
    )
  }
}
