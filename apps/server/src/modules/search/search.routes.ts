import { TOTAL_COUNT_HEADER } from '@shop/contracts/common'
import { searchApi } from '@shop/contracts/search'
import type { FastifyInstance } from 'fastify'
import { answerCache, headerKey } from '../../platform/cache/answer-cache.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { route } from '../../platform/http/route.ts'
import { nextPriceChange } from '../pricing/price.service.ts'
import { resolveLocale } from '../site/site.service.ts'
import { searchProducts } from './search.service.ts'

/** The headers `resolveLocale` reads: a cached answer is filed under their values as sent. */
const LOCALE_HEADERS = ['site-code', 'accept-language', 'currency'] as const

/**
 * Product search under /api/search (the index named by GET /api/site/configuration). Answers are the same for
 * every shopper who sends the same query and locale headers: they are kept in the catalogue's answer cache,
 * whose version every catalogue write and every reindex bumps, and are old at the next price change
 * (docs/decisions/0030, 0033).
 */
export function searchRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const answers = answerCache(ctx.db, 'catalogue')
    answers.install(app, [TOTAL_COUNT_HEADER])
    route(app, searchApi.products, async (req, reply) =>
      answers.serve(
        req,
        reply,
        { key: `${req.url} ${headerKey(req, LOCALE_HEADERS)}`, until: () => nextPriceChange(ctx) },
        async () => {
          const { language, inStock, ...query } = req.query
          const headers = language ? { ...req.headers, 'accept-language': language } : req.headers
          const locale = await resolveLocale(ctx, headers)
          const result = await searchProducts(ctx, locale, { ...query, inStock: inStock === 'true' })
          void reply.header(TOTAL_COUNT_HEADER, String(result.nbHits))
          return result
        },
      ),
    )
  }
}
