import { CouponParamsSchema, CouponQuerySchema, CouponSchema } from '@shop/contracts/coupon'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { authenticate } from '../../platform/auth/guard.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { getCoupon } from './coupon.service.ts'

export function couponRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/coupon/coupons/:code',
      {
        schema: {
          tags: ['coupon'],
          security: [{ bearer: [] }],
          params: CouponParamsSchema,
          querystring: CouponQuerySchema,
          response: { 200: CouponSchema },
        },
      },
      async (request) => {
        await authenticate(ctx.db, request)
        return getCoupon(ctx, request.params.code, request.query.currency)
      },
    )
  }
}
