import { toAmount, toMinor } from '@shop/contracts/money'
import { shippingApi } from '@shop/contracts/shipping'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { markPublic } from '../../platform/cache/public-answer.ts'
import { acceptedLanguages } from '../../platform/http/accept-language.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { notFound } from '../../platform/http/errors.ts'
import { route } from '../../platform/http/route.ts'
import { listZones, quoteMethods, shippingCost } from './shipping.service.ts'

/** Method names come in the request's Accept-Language (best first), else the site's default language. */
const languagesOf = (request: FastifyRequest) => acceptedLanguages(request.headers['accept-language'])

export function shippingRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, shippingApi.quote, async (request) => {
      const { cartTotal, shipToAddress } = request.body
      const totalMinor = toMinor(cartTotal.amount, cartTotal.currency)
      const methods = await quoteMethods(
        ctx,
        request.params.site,
        shipToAddress.countryCode,
        totalMinor,
        languagesOf(request),
      )
      return methods
        .filter((m) => m.currency === cartTotal.currency)
        .map((m, index) => ({
          id: m.id,
          name: m.name,
          zoneId: m.zoneId,
          fee: { amount: toAmount(m.costMinor, m.currency), currency: m.currency },
          selected: index === 0,
        }))
    })

    route(app, shippingApi.shippingCost, async (request) => {
      const { countryCode, amount, currency, methodId, zoneId } = request.query
      const cost = await shippingCost(
        ctx,
        request.params.site,
        countryCode,
        toMinor(amount, currency),
        { methodId, zoneId },
        languagesOf(request),
      )
      // Spec §7: no matching method is a 404, which the storefront shows as a zero price.
      if (!cost || cost.currency !== currency) throw notFound('Shipping cost')
      return {
        methodId: cost.id,
        zoneId: cost.zoneId,
        price: { amount: toAmount(cost.costMinor, cost.currency), currency: cost.currency },
      }
    })

    route(app, shippingApi.zones, async (request, reply) => {
      markPublic(reply, 'settings')
      const expand = new Set(request.query.expand?.split(',') ?? [])
      return listZones(
        ctx,
        request.params.site,
        {
          methods: expand.has('methods'),
          fees: expand.has('fees'),
          activeOnly: request.query.activeMethods === 'true',
        },
        languagesOf(request),
      )
    })
  }
}
