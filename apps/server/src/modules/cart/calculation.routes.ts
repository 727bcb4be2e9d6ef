import { calculationApi } from '@shop/contracts/calculation'
import type { FastifyInstance } from 'fastify'
import { authenticate } from '../../platform/auth/guard.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { route } from '../../platform/http/route.ts'
import { calculateRequest } from './cart-calculation.service.ts'

export function calculationRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, calculationApi.calculate, async (request) => {
      const call = {
        principal: await authenticate(ctx.db, request),
        language: request.headers['accept-language'],
      }
      return calculateRequest(ctx, call, request.body)
    })
  }
}
