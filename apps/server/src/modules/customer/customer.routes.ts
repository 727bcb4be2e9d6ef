import { customerApi } from '@shop/contracts/customer'
import type { FastifyInstance } from 'fastify'
import { authenticateCustomer } from '../../platform/auth/guard.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { route } from '../../platform/http/route.ts'
import {
  confirmEmailChange,
  deleteMe,
  getMe,
  requestDeletion,
  requestEmailChange,
  updateMe,
} from './customer.service.ts'

/** The signed-in customer's own account (spec §7 "Customer"); anonymous tokens get 401. */
export function customerRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, customerApi.me, async (request) =>
      getMe(ctx, (await authenticateCustomer(ctx.db, request)).customerId),
    )

    route(app, customerApi.updateMe, async (request) =>
      updateMe(ctx, (await authenticateCustomer(ctx.db, request)).customerId, request.body),
    )

    route(app, customerApi.requestDeletion, async (request, reply) => {
      const { customerId } = await authenticateCustomer(ctx.db, request)
      return reply
        .status(202)
        .send(await requestDeletion(ctx, customerId, request.headers['accept-language']))
    })

    route(app, customerApi.deleteMe, async (request, reply) => {
      const { customerId } = await authenticateCustomer(ctx.db, request)
      await deleteMe(ctx, customerId, request.query.token)
      return reply.clearCookie('shop_token', { path: '/' }).status(204).send(null)
    })

    route(app, customerApi.requestEmailChange, async (request, reply) => {
      const { customerId } = await authenticateCustomer(ctx.db, request)
      return reply
        .status(202)
        .send(await requestEmailChange(ctx, customerId, request.body, request.headers['accept-language']))
    })

    route(app, customerApi.confirmEmailChange, async (request) => confirmEmailChange(ctx, request.body.token))
  }
}
