import { TOTAL_COUNT_HEADER } from '@shop/contracts/common'
import { siteApi } from '@shop/contracts/site'
import type { FastifyInstance } from 'fastify'
import { markPublic } from '../../platform/cache/public-answer.ts'
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
    // The same for every shopper: marked public, so pages built from them can be kept (page cache).
    route(app, siteApi.sites, async (req, reply) => {
      markPublic(reply, 'settings')
      return listSites(ctx, req.query.expand)
    })
    route(app, siteApi.site, async (req, reply) => {
      markPublic(reply, 'settings')
      return getSite(ctx, req.params.code, req.query.expand)
    })
    route(app, siteApi.configuration, async (_req, reply) => {
      markPublic(reply, 'static')
      return SEARCH_CONFIGURATION
    })
  }
}
