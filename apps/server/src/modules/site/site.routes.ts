import { TOTAL_COUNT_HEADER } from '@shop/contracts/common'
import {
  SiteConfigurationSchema,
  SiteExpandQuerySchema,
  SiteParamsSchema,
  SiteSchema,
} from '@shop/contracts/site'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/http/context.ts'
import { getSite, listSites, SEARCH_CONFIGURATION } from './site.service.ts'

export function siteRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>()
    // Every list carries its total (a list without paging: its length); paged lists set it themselves.
    app.addHook('preSerialization', async (_req, reply, payload) => {
      if (Array.isArray(payload) && !reply.hasHeader(TOTAL_COUNT_HEADER)) {
        void reply.header(TOTAL_COUNT_HEADER, String(payload.length))
      }
      return payload
    })
    api.get(
      '/api/site/sites',
      {
        schema: {
          tags: ['site'],
          querystring: SiteExpandQuerySchema,
          response: { 200: z.array(SiteSchema) },
        },
      },
      async (req) => listSites(ctx, req.query.expand),
    )
    api.get(
      '/api/site/sites/:code',
      {
        schema: {
          tags: ['site'],
          params: SiteParamsSchema,
          querystring: SiteExpandQuerySchema,
          response: { 200: SiteSchema },
        },
      },
      async (req) => getSite(ctx, req.params.code, req.query.expand),
    )
    api.get(
      '/api/site/configuration',
      { schema: { tags: ['site'], response: { 200: SiteConfigurationSchema } } },
      async () => SEARCH_CONFIGURATION,
    )
  }
}
