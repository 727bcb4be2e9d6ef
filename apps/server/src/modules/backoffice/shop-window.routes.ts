import { windowApi } from '@shop/contracts/backoffice-window'
import type { FastifyInstance } from 'fastify'
import { staffOf } from '../../platform/auth/staff.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { route } from '../../platform/http/route.ts'
import { replaceWindow, shopWindow } from './shop-window.service.ts'

/** The owner reads and replaces a site's shop window (the staff guard admits the owner only). */
export function shopWindowRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store')
    })
    route(app, windowApi.shopWindow, async (request) => shopWindow(ctx, request.params.code))
    route(app, windowApi.replaceShopWindow, async (request) =>
      replaceWindow(ctx, staffOf(request), request.params.code, request.body),
    )
  }
}
