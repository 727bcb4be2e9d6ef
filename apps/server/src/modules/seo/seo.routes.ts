import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/http/context.ts'
import { notFound } from '../../platform/http/errors.ts'
import { robots, sitemap } from './seo.service.ts'

/** /sitemap.xml, its numbered parts and /robots.txt at the root, registered before the storefront. */
export function seoRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>()
    api.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(robots(ctx)),
    )
    api.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(await sitemap(ctx)),
    )
    api.get(
      '/sitemap-:part.xml',
      { schema: { hide: true, params: z.object({ part: z.coerce.number().int().min(1).max(1000) }) } },
      async (req, reply) => {
        const body = await sitemap(ctx, req.params.part)
        if (body === undefined) throw notFound('Sitemap', String(req.params.part))
        return reply.type('application/xml; charset=utf-8').send(body)
      },
    )
  }
}
