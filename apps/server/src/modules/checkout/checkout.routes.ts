import { OrderCreatedSchema, OrderRequestSchema } from '@shop/contracts/order'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { authenticate } from '../../platform/auth/guard.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { placeOrder } from './checkout.service.ts'

export function checkoutRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/api/checkout/checkouts/order',
      {
        schema: {
          tags: ['checkout'],
          security: [{ bearer: [] }],
          body: OrderRequestSchema,
          response: { 201: OrderCreatedSchema },
        },
      },
      async (request, reply) => {
        const principal = await authenticate(ctx.db, request)
        const orderId = await placeOrder(ctx, principal, request.body, request.headers['accept-language'])
        return reply.status(201).send({ orderId })
      },
    )
  }
}
