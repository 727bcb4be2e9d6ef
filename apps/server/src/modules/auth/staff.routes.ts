import { backofficeStaffApi as api } from '@shop/contracts/backoffice-staff'
import { staffApi } from '@shop/contracts/staff'
import type { FastifyInstance } from 'fastify'
import { authenticateCustomer } from '../../platform/auth/guard.ts'
import { staffOf } from '../../platform/auth/staff.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { route } from '../../platform/http/route.ts'
import {
  acceptInvitation,
  changeStaffRole,
  invitationOf,
  inviteStaff,
  staffList,
  withdrawInvitation,
} from '../customer/staff.service.ts'

/** The back office's questions about its caller, the staff page's calls, and the invitation links. */
export function staffRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, staffApi.me, async (request, reply) => {
      const { customerId, email, role } = staffOf(request)
      void reply.header('cache-control', 'no-store')
      return { customerId, email, role }
    })

    route(app, api.staff, async () => staffList(ctx))

    route(app, api.invite, async (request, reply) => {
      const invitation = await inviteStaff(
        ctx,
        staffOf(request),
        request.body,
        request.headers['accept-language'],
      )
      return reply.status(201).send(invitation)
    })

    route(app, api.withdrawInvitation, async (request, reply) => {
      await withdrawInvitation(ctx, staffOf(request), request.params.invitationId)
      return reply.status(204).send(null)
    })

    route(app, api.changeRole, async (request) =>
      changeStaffRole(ctx, staffOf(request), request.params.customerId, request.body.role),
    )

    route(app, api.invitation, async (request, reply) => {
      void reply.header('cache-control', 'no-store')
      return invitationOf(ctx, request.params.token)
    })

    route(app, api.acceptInvitation, async (request) =>
      acceptInvitation(ctx, await authenticateCustomer(ctx.db, request), request.params.token),
    )
  }
}
