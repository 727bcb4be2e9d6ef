import { paymentApi } from '@shop/contracts/payment'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../platform/http/context.ts'
import { notFound } from '../../platform/http/errors.ts'
import { route } from '../../platform/http/route.ts'
import { configurePayments, tokenizeTestCard } from './payment.service.ts'

export function paymentRoutes(ctx: AppContext) {
  const payments = configurePayments(ctx.config)
  return async (app: FastifyInstance) => {
    /** Which provider the storefront tokenizes cards with, and its public data (never a secret key). */
    route(app, paymentApi.provider, async () => payments.info)

    /**
     * The built-in test card provider's tokenizer (absent while Stripe is active). Card data is sensitive: the
     * route logs nothing below warn (no request lines), and neither the number nor the cvc is stored or echoed.
     */
    route(
      app,
      paymentApi.createCardToken,
      async (request, reply) => {
        if (payments.info.id !== 'test-card') throw notFound('Payment provider', 'test-card')
        const result = await tokenizeTestCard(ctx.db, request.body)
        return 'error' in result ? reply.status(402).send(result) : reply.status(201).send(result)
      },
      { logLevel: 'warn', config: { sensitiveBody: true } },
    )
  }
}
