import { couponApi } from '@shop/contracts/coupon'
import type { FastifyInstance } from 'fastify'
import { authenticate } from '../../platform/auth/guard.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { route } from '../../platform/http/route.ts'
import { getCoupon } from './coupon.service.ts'

export function couponRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, couponApi.coupon, async (request) => {
      await authenticate(ctx.db, request)
      return getCoupon(ctx, request.params.code, request.query.currency)
    })
  }
}
