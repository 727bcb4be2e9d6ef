import { backofficeSitesApi as api } from '@shop/contracts/backoffice-sites'
import type { FastifyInstance } from 'fastify'
import { staffOf } from '../../platform/auth/staff.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { route } from '../../platform/http/route.ts'
import { createSite, shopSettings, sites, updateShopSettings, updateSite } from './sites.service.ts'

/** The owner's sites and shop settings (the staff guard admits the owner only, by the contracts' tags). */
export function siteStaffRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store')
    })
    route(app, api.sites, async () => sites(ctx))
    route(app, api.createSite, async (req, reply) =>
      reply.status(201).send(await createSite(ctx, staffOf(req), req.body)),
    )
    route(app, api.updateSite, async (req) => updateSite(ctx, staffOf(req), req.params.code, req.body))
    route(app, api.shopSettings, async () => shopSettings(ctx))
    route(app, api.updateShopSettings, async (req) => updateShopSettings(ctx, staffOf(req), req.body))
  }
}
