import { backofficeMediaApi } from '@shop/contracts/backoffice-media'
import type { FastifyInstance } from 'fastify'
import { staffOf } from '../../platform/auth/staff.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { route } from '../../platform/http/route.ts'
import { productMediaList, setProductMediaList } from './product-media.service.ts'

/** A product's images in the back office (the upload itself is the media module's, for any owner of images). */
export function productMediaRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store')
    })
    route(app, backofficeMediaApi.productMedia, async (request) =>
      productMediaList(ctx, request.params.productId),
    )
    route(app, backofficeMediaApi.setProductMedia, async (request) =>
      setProductMediaList(ctx, staffOf(request), request.params.productId, request.body),
    )
  }
}
