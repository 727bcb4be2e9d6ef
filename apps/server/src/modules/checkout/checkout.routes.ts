import { orderApi } from '@shop/contracts/order'
import type { FastifyInstance } from 'fastify'
import { authenticate } from '../../platform/auth/guard.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { route } from '../../platform/http/route.ts'
import { placeOrderOnce } from './checkout.idempotency.ts'
import { sweepPaymentAttempts } from './checkout.sweep.ts'

export function checkoutRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    sweepPaymentAttempts(app, ctx)
    route(app, orderApi.placeOrder, async (request, reply) => {
      const principal = await authenticate(ctx.db, request)
      const { orderId, replayed } = await placeOrderOnce(ctx, principal, request.body, {
        idempotencyKey: request.headers['idempotency-key'],
        language: request.headers['accept-language'],
      })
      if (replayed) void reply.header('idempotent-replayed', 'true')
      return reply.status(201).send({ orderId })
    })
  }
}
