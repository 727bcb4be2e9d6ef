import { staffApi } from '@shop/contracts/staff'
import type { FastifyInstance } from 'fastify'
import { staffOf } from '../../platform/auth/staff.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { route } from '../../platform/http/route.ts'

/** The back office's own questions about its caller (the staff guard has admitted them already). */
export function staffRoutes(_ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, staffApi.me, async (request, reply) => {
      const { customerId, email, role } = staffOf(request)
      void reply.header('cache-control', 'no-store')
      return { customerId, email, role }
    })
  }
}
