import { backofficeApi } from '@shop/contracts/backoffice'
import type { FastifyInstance } from 'fastify'
import { staffOf } from '../../platform/auth/staff.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { route } from '../../platform/http/route.ts'
import {
  changeStock,
  createProduct,
  deleteProduct,
  staffProduct,
  staffProducts,
  updateProduct,
} from './backoffice.service.ts'

/** The back office's product calls; the staff guard (platform/auth/staff.ts) has admitted the caller. */
export function backofficeRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store')
    })
    route(app, backofficeApi.products, async (request) => staffProducts(ctx, request.query))
    route(app, backofficeApi.product, async (request) => staffProduct(ctx, request.params.productId))
    route(app, backofficeApi.createProduct, async (request, reply) =>
      reply.status(201).send(await createProduct(ctx, staffOf(request), request.body)),
    )
    route(app, backofficeApi.updateProduct, async (request) =>
      updateProduct(ctx, staffOf(request), request.params.productId, request.body),
    )
    route(app, backofficeApi.updateStock, async (request) =>
      changeStock(ctx, staffOf(request), request.params.productId, request.body),
    )
    route(app, backofficeApi.deleteProduct, async (request, reply) => {
      await deleteProduct(ctx, staffOf(request), request.params.productId)
      return reply.status(204).send(null)
    })
  }
}
