import { CheckoutHeadersSchema, OrderCreatedSchema, OrderRequestSchema } from '@shop/contracts/order'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { authenticate } from '../../platform/auth/guard.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { repeat } from '../../platform/repeat.ts'
import { sendOrderConfirmation } from '../mail/order-confirmation.ts'
import { placeOrderOnce } from './checkout.idempotency.ts'
import { checkoutTiming, recoverStaleAttempts } from './checkout.recovery.ts'

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
        else void sendOrderConfirmation(ctx, orderId, request.headers['accept-language'])
        return reply.status(201).send({ orderId })
      },
    )
  }
}

/**
 * Every process recovers payment attempts of checkouts that died (docs/decisions/0008) when it starts and
 * then every CHECKOUT_SWEEP_SECONDS; the guarded journal lets several processes sweep at once.
 */
function sweepPaymentAttempts(app: FastifyInstance, ctx: AppContext) {
  const timing = checkoutTiming(ctx.config)
  const sweep = () => recoverStaleAttempts(ctx, { olderThanMs: timing.recoverAfterMs })
  let stop: (() => void) | undefined
  app.addHook('onReady', async () => {
    await sweep()
    stop = repeat(sweep, timing.sweepEveryMs, (error) =>
      ctx.log.error({ err: error }, 'checkout sweep failed'),
    )
  })
  app.addHook('onClose', async () => stop?.())
}
