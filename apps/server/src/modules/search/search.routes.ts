import { TOTAL_COUNT_HEADER } from '@shop/contracts/common'
import { searchApi } from '@shop/contracts/search'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../platform/http/context.ts'
import { route } from '../../platform/http/route.ts'
import { resolveLocale } from '../site/site.service.ts'
import { searchProducts } from './search.service.ts'

/** Product search under /api/search (the index named by GET /api/site/configuration). */
export function searchRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, searchApi.products, async (req, reply) => {
      const { language, inStock, ...query } = req.query
      const headers = language ? { ...req.headers, 'accept-language': language } : req.headers
      const locale = await resolveLocale(ctx, headers)
      const result = await searchProducts(ctx, locale, { ...query, inStock: inStock === 'true' })
      void reply.header(TOTAL_COUNT_HEADER, String(result.nbHits))
      return result
    })
  }
}
