import { backofficeVariantsApi as api } from '@shop/contracts/backoffice-variants'
import type { FastifyInstance } from 'fastify'
import { staffOf } from '../../platform/auth/staff.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { route } from '../../platform/http/route.ts'
import {
  commerce,
  grid,
  saveGrid,
  setOptions,
  staffVariants,
  updateCommerce,
  updateVariant,
  variantStock,
} from './variants.service.ts'

/** Options, variants, commerce terms and the price/stock grid; the staff guard has admitted the caller. */
export function variantsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store')
    })
    route(app, api.variants, async (request) => staffVariants(ctx, request.params.productId))
    route(app, api.setOptions, async (request) =>
      setOptions(ctx, staffOf(request), request.params.productId, request.body),
    )
    route(app, api.updateVariant, async (request) =>
      updateVariant(ctx, staffOf(request), request.params.productId, request.params.variantId, request.body),
    )
    route(app, api.variantStock, async (request) =>
      variantStock(ctx, staffOf(request), request.params.productId, request.params.variantId, request.body),
    )
    route(app, api.commerce, async (request) => commerce(ctx, request.params.productId))
    route(app, api.updateCommerce, async (request) =>
      updateCommerce(ctx, staffOf(request), request.params.productId, request.body),
    )
    route(app, api.grid, async (request) => grid(ctx, request.query))
    route(app, api.saveGrid, async (request) => saveGrid(ctx, staffOf(request), request.body))
  }
}
