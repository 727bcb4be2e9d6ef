import { CheckoutHeadersSchema, OrderCreatedSchema, OrderRequestSchema } from '@shop/contracts/order'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { authenticate } from '../../platform/auth/guard.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { placeOrderOnce } from './checkout.idempotency.ts'
import { sweepPaymentAttempts } from './checkout.sweep.ts'

export function checkoutRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    sweepPaymentAttempts(app, ctx)
    app.withTypeProvider<ZodTypeProvider>().post(
      '/api/checkout/checkouts/order',
      {
        schema: {
          tags: ['checkout'],
          security: [{ bearer: [] }],
          headers: CheckoutHeadersSchema,
          body: OrderRequestSchema,
          response: { 201: OrderCreatedSchema },
        },
      },
      async (request, reply) => {
        const principal = await authenticate(ctx.db, request)
        const { orderId, replayed } = await placeOrderOnce(ctx, principal, request.body, {
          idempotencyKey: request.headers['idempotency-key'],
          language: request.headers['accept-language'],
        })
        if (replayed) void reply.header('idempotent-replayed', 'true')
        return reply.status(201).send({ orderId })
      },
    )
  }
}
