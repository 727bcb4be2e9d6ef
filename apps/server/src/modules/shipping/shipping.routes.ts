import { toAmount, toMinor } from '@shop/contracts/money'
import {
  QuoteRequestSchema,
  QuoteSchema,
  ShippingCostQuerySchema,
  ShippingCostSchema,
  ShippingZoneSchema,
  ZonesQuerySchema,
} from '@shop/contracts/shipping'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/http/context.ts'
import { notFound } from '../../platform/http/errors.ts'
import { listZones, quoteMethods, shippingCost } from './shipping.service.ts'

const SiteParamsSchema = z.object({ site: z.string().max(64) })

export function shippingRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>()
    api.post(
      '/api/shipping/:site/quote',
      {
        schema: {
          tags: ['shipping'],
          params: SiteParamsSchema,
          body: QuoteRequestSchema,
          response: { 200: QuoteSchema },
        },
      },
      async (request) => {
        const { cartTotal, shipToAddress } = request.body
        const totalMinor = toMinor(cartTotal.amount, cartTotal.currency)
        const methods = await quoteMethods(ctx, request.params.site, shipToAddress.countryCode, totalMinor)
        return methods
          .filter((m) => m.currency === cartTotal.currency)
          .map((m, index) => ({
            id: m.id,
            name: m.name,
            zoneId: m.zoneId,
            fee: { amount: toAmount(m.costMinor, m.currency), currency: m.currency },
            selected: index === 0,
          }))
      },
    )

    api.get(
      '/api/shipping/:site/shippingcosts',
      {
        schema: {
          tags: ['shipping'],
          params: SiteParamsSchema,
          querystring: ShippingCostQuerySchema,
          response: { 200: ShippingCostSchema },
        },
      },
      async (request) => {
        const { countryCode, amount, currency, methodId, zoneId } = request.query
        const cost = await shippingCost(ctx, request.params.site, countryCode, toMinor(amount, currency), {
          methodId,
          zoneId,
        })
        // Spec §7: no matching method is a 404, which the storefront shows as a zero price.
        if (!cost || cost.currency !== currency) throw notFound('Shipping cost')
        return {
          methodId: cost.id,
          zoneId: cost.zoneId,
          price: { amount: toAmount(cost.costMinor, cost.currency), currency: cost.currency },
        }
      },
    )

    api.get(
      '/api/shipping/:site/zones',
      {
        schema: {
          tags: ['shipping'],
          params: SiteParamsSchema,
          querystring: ZonesQuerySchema,
          response: { 200: z.array(ShippingZoneSchema) },
        },
      },
      async (request) => {
        const expand = new Set(request.query.expand?.split(',') ?? [])
        return listZones(ctx, request.params.site, {
          methods: expand.has('methods'),
          fees: expand.has('fees'),
          activeOnly: request.query.activeMethods === 'true',
        })
      },
    )
  }
}
