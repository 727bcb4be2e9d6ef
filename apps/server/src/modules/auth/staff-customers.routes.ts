import { backofficeCustomersApi as api } from '@shop/contracts/backoffice-customers'
import { TOTAL_COUNT_HEADER } from '@shop/contracts/common'
import type { FastifyInstance } from 'fastify'
import { staffOf } from '../../platform/auth/staff.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { route } from '../../platform/http/route.ts'
import {
  blockCustomer,
  eraseOnRequest,
  sendPasswordReset,
  staffCustomer,
  staffCustomerList,
} from './staff-customers.service.ts'

/** The staff's customer pages (docs/decisions/0068-staff-customers.md); the staff guard admitted the caller. */
export function staffCustomerRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, api.customers, async (request, reply) => {
      const page = await staffCustomerList(ctx, request.query)
      void reply.header(TOTAL_COUNT_HEADER, String(page.total))
      return page.items
    })
    route(app, api.customer, async (request) => staffCustomer(ctx, request.params.customerId))
    route(app, api.blockCustomer, async (request) =>
      blockCustomer(ctx, staffOf(request), request.params.customerId, request.body.blocked),
    )
    route(app, api.sendPasswordReset, async (request, reply) => {
      await sendPasswordReset(ctx, staffOf(request), request.params.customerId)
      return reply.status(204).send(null)
    })
    route(app, api.eraseCustomer, async (request, reply) => {
      await eraseOnRequest(ctx, staffOf(request), request.params.customerId)
      return reply.status(204).send(null)
    })
  }
}
