import { backofficeShippingApi as api } from '@shop/contracts/backoffice-shipping'
import type { FastifyInstance } from 'fastify'
import { staffOf } from '../../platform/auth/staff.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { route } from '../../platform/http/route.ts'
import {
  createMethod,
  createZone,
  deleteMethod,
  deleteZone,
  shipping,
  updateMethod,
  updateZone,
} from './shipping.service.ts'

/** The owner's shipping zones and methods (the staff guard admits the owner only, by the contracts' tags). */
export function shippingStaffRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store')
    })
    route(app, api.shipping, async (req) => shipping(ctx, req.params.code))
    route(app, api.createZone, async (req, reply) =>
      reply.status(201).send(await createZone(ctx, staffOf(req), req.params.code, req.body)),
    )
    route(app, api.updateZone, async (req) => updateZone(ctx, staffOf(req), req.params.zoneId, req.body))
    route(app, api.deleteZone, async (req, reply) => {
      await deleteZone(ctx, staffOf(req), req.params.zoneId)
      return reply.status(204).send(null)
    })
    route(app, api.createMethod, async (req, reply) =>
      reply.status(201).send(await createMethod(ctx, staffOf(req), req.params.zoneId, req.body)),
    )
    route(app, api.updateMethod, async (req) =>
      updateMethod(ctx, staffOf(req), req.params.zoneId, req.params.methodId, req.body),
    )
    route(app, api.deleteMethod, async (req, reply) => {
      await deleteMethod(ctx, staffOf(req), req.params.zoneId, req.params.methodId)
      return reply.status(204).send(null)
    })
  }
}
