import { backofficeCouponsApi as api } from '@shop/contracts/backoffice-coupons'
import type { FastifyInstance } from 'fastify'
import { staffOf } from '../../platform/auth/staff.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { route } from '../../platform/http/route.ts'
import { coupon, coupons, createCoupon, deleteCoupon, updateCoupon } from './coupons.service.ts'

/** The owner's coupons (the staff guard admits the owner only, by the contracts' tags). */
export function couponStaffRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store')
    })
    route(app, api.coupons, async () => coupons(ctx))
    route(app, api.coupon, async (req) => coupon(ctx, req.params.code))
    route(app, api.createCoupon, async (req, reply) =>
      reply.status(201).send(await createCoupon(ctx, staffOf(req), req.body)),
    )
    route(app, api.updateCoupon, async (req) => updateCoupon(ctx, staffOf(req), req.params.code, req.body))
    route(app, api.deleteCoupon, async (req, reply) => {
      await deleteCoupon(ctx, staffOf(req), req.params.code)
      return reply.status(204).send(null)
    })
  }
}
