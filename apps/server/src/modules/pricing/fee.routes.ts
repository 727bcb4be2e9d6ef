import { feeApi } from '@shop/contracts/fee'
import type { FastifyInstance } from 'fastify'
import { markPublic } from '../../platform/cache/public-answer.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { route } from '../../platform/http/route.ts'
import { listFees, searchItemFees } from './fee.service.ts'

export function feeRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, feeApi.itemFees, async (request, reply) => {
      markPublic(reply, 'settings')
      return searchItemFees(ctx, request.body.itemYrns, request.body.siteCode)
    })
    route(app, feeApi.fees, async (request) => listFees(ctx, request.query))
  }
}
