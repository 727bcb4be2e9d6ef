import { backofficeDashboardApi as api } from '@shop/contracts/backoffice-dashboard'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../platform/http/context.ts'
import { route } from '../../platform/http/route.ts'
import { dashboardOf } from './dashboard.service.ts'

/** The owner's dashboard (docs/decisions/0069-dashboard.md); the staff guard admitted the caller. */
export function dashboardRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, api.dashboard, async (request, reply) => {
      void reply.header('cache-control', 'no-store')
      return dashboardOf(ctx, request.query)
    })
  }
}
