import { PagingQuerySchema, TOTAL_COUNT_HEADER } from '@shop/contracts/common'
import { ErrorSchema } from '@shop/contracts/errors'
import { ORDER_STATUSES, OrderSchema, OrderTransitionSchema } from '@shop/contracts/order'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { authenticate, authenticateCustomer, authenticateOwner } from '../../platform/auth/guard.ts'
import type { AppContext } from '../../platform/http/context.ts'
import {
  cancelOrder,
  getAnyOrder,
  getOrder,
  listAllOrders,
  listOrders,
  ownerTransition,
} from './order.service.ts'

export function orderRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/order/orders/:orderId',
      {
        schema: {
          tags: ['order'],
          security: [{ bearer: [] }],
          params: z.object({ orderId: z.string().max(64) }),
          response: { 200: OrderSchema },
        },
      },
      async (request) => getOrder(ctx, await authenticate(ctx.db, request), request.params.orderId),
    )

    /** The signed-in customer's orders, newest first; the total is in x-total-count (spec §3, §9). */
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/order/orders',
      {
        schema: {
          tags: ['order'],
          security: [{ bearer: [] }],
          querystring: PagingQuerySchema.extend({
            pageSize: z.coerce.number().int().min(1).max(200).default(10),
          }),
          response: { 200: z.array(OrderSchema), 401: ErrorSchema },
        },
      },
      async (request, reply) => {
        const { customerId } = await authenticateCustomer(ctx.db, request)
        const page = await listOrders(ctx, customerId, request.query)
        void reply.header(TOTAL_COUNT_HEADER, String(page.total))
        return page.items
      },
    )

    /** Cancel: status DECLINED, only from CREATED or CONFIRMED (409 otherwise); stock returned, payment refunded. */
    app.withTypeProvider<ZodTypeProvider>().post(
      '/api/order/orders/:orderId/transitions',
      {
        schema: {
          tags: ['order'],
          security: [{ bearer: [] }],
          params: z.object({ orderId: z.string().max(64) }),
          body: z.object({ status: z.literal('DECLINED') }),
          response: {
            200: OrderSchema,
            401: ErrorSchema,
            404: ErrorSchema,
            409: ErrorSchema,
            502: ErrorSchema,
          },
        },
      },
      async (request) => cancelOrder(ctx, await authenticate(ctx.db, request), request.params.orderId),
    )

    /** The shop owner's order list (docs/decisions/0022-order-lifecycle-and-owner.md); other customers get 403. */
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/owner/orders',
      {
        schema: {
          tags: ['owner'],
          security: [{ bearer: [] }],
          querystring: PagingQuerySchema.extend({
            pageSize: z.coerce.number().int().min(1).max(200).default(20),
            status: z.enum(ORDER_STATUSES).optional(),
          }),
          response: { 200: z.array(OrderSchema), 401: ErrorSchema, 403: ErrorSchema },
        },
      },
      async (request, reply) => {
        await authenticateOwner(ctx.db, request)
        const page = await listAllOrders(ctx, request.query)
        void reply.header(TOTAL_COUNT_HEADER, String(page.total))
        return page.items
      },
    )

    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/owner/orders/:orderId',
      {
        schema: {
          tags: ['owner'],
          security: [{ bearer: [] }],
          params: z.object({ orderId: z.string().max(64) }),
          response: { 200: OrderSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema },
        },
      },
      async (request) => {
        await authenticateOwner(ctx.db, request)
        return getAnyOrder(ctx, request.params.orderId)
      },
    )

    /**
     * The owner moves an order: CREATED → CONFIRMED → PAID → SHIPPED → COMPLETED, or DECLINED before shipping
     * (stock returned, payment refunded); 409 order_transition_not_allowed for any other move.
     */
    app.withTypeProvider<ZodTypeProvider>().post(
      '/api/owner/orders/:orderId/transitions',
      {
        schema: {
          tags: ['owner'],
          security: [{ bearer: [] }],
          params: z.object({ orderId: z.string().max(64) }),
          body: OrderTransitionSchema,
          response: {
            200: OrderSchema,
            401: ErrorSchema,
            403: ErrorSchema,
            404: ErrorSchema,
            409: ErrorSchema,
            502: ErrorSchema,
          },
        },
      },
      async (request) => {
        await authenticateOwner(ctx.db, request)
        return ownerTransition(ctx, request.params.orderId, request.body.status)
      },
    )
  }
}
