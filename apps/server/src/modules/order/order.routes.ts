import { TOTAL_COUNT_HEADER } from '@shop/contracts/common'
import { orderApi } from '@shop/contracts/order'
import { orderRefundApi } from '@shop/contracts/order-refunds'
import type { FastifyInstance } from 'fastify'
import { authenticate, authenticateCustomer } from '../../platform/auth/guard.ts'
import { staffOf } from '../../platform/auth/staff.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { route } from '../../platform/http/route.ts'
import {
  cancelOrder,
  getAnyOrder,
  getOrder,
  listAllOrders,
  listOrders,
  ownerTransition,
} from './order.service.ts'
import { refundOrder } from './refund.service.ts'
import { orderTimeline, resendConfirmation } from './timeline.service.ts'

export function orderRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, orderApi.order, async (request) =>
      getOrder(ctx, await authenticate(ctx.db, request), request.params.orderId),
    )

    route(app, orderApi.orders, async (request, reply) => {
      const { customerId } = await authenticateCustomer(ctx.db, request)
      const page = await listOrders(ctx, customerId, request.query)
      void reply.header(TOTAL_COUNT_HEADER, String(page.total))
      return page.items
    })

    route(app, orderApi.cancelOrder, async (request) =>
      cancelOrder(ctx, await authenticate(ctx.db, request), request.params.orderId),
    )

    route(app, orderApi.ownerOrders, async (request, reply) => {
      const page = await listAllOrders(ctx, request.query)
      void reply.header(TOTAL_COUNT_HEADER, String(page.total))
      return page.items
    })

    // The /api/owner/* routes are guarded by platform/auth/staff.ts (the owner role).
    route(app, orderApi.ownerOrder, async (request) => getAnyOrder(ctx, request.params.orderId))

    route(app, orderApi.ownerTransition, async (request) =>
      ownerTransition(ctx, staffOf(request), request.params.orderId, request.body.status),
    )

    route(app, orderRefundApi.refundOrder, async (request) =>
      refundOrder(ctx, staffOf(request), request.params.orderId, request.body),
    )

    route(app, orderRefundApi.orderTimeline, async (request) => orderTimeline(ctx, request.params.orderId))

    route(app, orderRefundApi.resendConfirmation, async (request, reply) => {
      await resendConfirmation(ctx, staffOf(request), request.params.orderId)
      return reply.status(204).send(null)
    })
  }
}
