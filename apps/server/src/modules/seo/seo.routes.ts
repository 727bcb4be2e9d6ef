import { seoApi } from '@shop/contracts/seo'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../platform/http/context.ts'
import { notFound } from '../../platform/http/errors.ts'
import { route } from '../../platform/http/route.ts'
import { robots, sitemap } from './seo.service.ts'

/** /sitemap.xml, its numbered parts and /robots.txt at the root, registered before the storefront. */
export function seoRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, seoApi.robots, async (_req, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(robots(ctx)),
    )
    route(app, seoApi.sitemap, async (_req, reply) => {
      const body = (await sitemap(ctx)) ?? '' // without a part number there is always one
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(body)
    })
    route(app, seoApi.sitemapPart, async (req, reply) => {
      const body = await sitemap(ctx, req.params.part)
      if (body === undefined) throw notFound('Sitemap', String(req.params.part))
      return reply.type('application/xml; charset=utf-8').send(body)
    })
  }
}
