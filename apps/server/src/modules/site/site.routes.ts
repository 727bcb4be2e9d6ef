import { TOTAL_COUNT_HEADER } from '@shop/contracts/common'
import { siteApi } from '@shop/contracts/site'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../platform/http/context.ts'
import { route } from '../../platform/http/route.ts'
import { getSite, listSites, SEARCH_CONFIGURATION } from './site.service.ts'

export function siteRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    // Every list carries its total (a list without paging: its length); paged lists set it themselves.
    app.addHook('preSerialization', async (_req, reply, payload) => {
      if (Array.isArray(payload) && !reply.hasHeader(TOTAL_COUNT_HEADER)) {
        void reply.header(TOTAL_COUNT_HEADER, String(payload.length))
      }
      return payload
    })
    route(app, siteApi.sites, async (req) => listSites(ctx, req.query.expand))
    route(app, siteApi.site, async (req) => getSite(ctx, req.params.code, req.query.expand))
    route(app, siteApi.configuration, async () => SEARCH_CONFIGURATION)
  }
}
