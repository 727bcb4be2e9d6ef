import { catalogueApi } from '@shop/contracts/catalogue'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../platform/http/context.ts'
import { route } from '../../platform/http/route.ts'
import { resolveLocale } from '../site/site.service.ts'
import { catalogueAnswers } from './catalogue-cache.ts'
import { categoryAssignments, getCategory, listCategories } from './category.service.ts'

/** The categories' reads under /api/catalogue, served from the catalogue's answer cache. */
export function categoryRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { answers, cacheable } = catalogueAnswers(ctx, app)
    route(app, catalogueApi.categories, async (req, reply) =>
      answers.serve(req, reply, cacheable(req), async () => {
        const { language } = await resolveLocale(ctx, req.headers)
        const options = {
          language,
          toplevel: req.query.toplevel === 'true',
          subcategories: req.query.expand === 'subcategories',
        }
        return listCategories(ctx, options)
      }),
    )
    route(app, catalogueApi.category, async (req, reply) =>
      answers.serve(req, reply, cacheable(req), async () => {
        const { language } = await resolveLocale(ctx, req.headers)
        return getCategory(ctx, req.params.id, language, { slugs: req.query.expand === 'slugs' })
      }),
    )
    route(app, catalogueApi.assignments, async (req, reply) =>
      answers.serve(req, reply, cacheable(req), async () => {
        const { language } = await resolveLocale(ctx, req.headers)
        return categoryAssignments(ctx, req.params.id, req.query.recursive === 'true', language)
      }),
    )
  }
}
