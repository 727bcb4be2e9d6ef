import { TOTAL_COUNT_HEADER } from '@shop/contracts/common'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  type AnswerCache,
  answerCache,
  type Cacheable,
  headerKey,
} from '../../platform/cache/answer-cache.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { countLists } from '../../platform/http/list-total.ts'
import { nextPriceChange } from '../pricing/price.service.ts'

/** The headers `resolveLocale` reads: a cached answer is filed under their values as sent. */
const LOCALE_HEADERS = ['site-code', 'accept-language', 'currency'] as const

/**
 * The catalogue's answer cache for a route plugin (docs/decisions/0030): one cache shared by every plugin of the
 * catalogue, its keeping hook installed in the plugin, lists counted. An answer is filed under the path and query
 * as sent and the locale headers, and is old at the next price change, as it may show prices.
 */
export function catalogueAnswers(ctx: AppContext, app: FastifyInstance) {
  const answers: AnswerCache = answerCache(ctx.db, 'catalogue')
  answers.install(app, [TOTAL_COUNT_HEADER])
  countLists(app)
  const cacheable = (req: FastifyRequest): Cacheable => ({
    key: `${req.url} ${headerKey(req, LOCALE_HEADERS)}`,
    until: () => nextPriceChange(ctx),
  })
  return { answers, cacheable }
}
