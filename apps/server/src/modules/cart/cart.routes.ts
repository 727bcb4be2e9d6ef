import { cartApi } from '@shop/contracts/cart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { authenticate } from '../../platform/auth/guard.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { route } from '../../platform/http/route.ts'
import * as carts from './cart.service.ts'
import * as discounts from './cart-discount.service.ts'
import * as lifecycle from './cart-lifecycle.service.ts'

export function cartRoutes(ctx: AppContext) {
  /** Who calls, their language and the site-code header (spec §7: cart calls carry a site code). */
  const callOf = async (request: FastifyRequest, siteCode?: string): Promise<carts.CartCall> => ({
    principal: await authenticate(ctx.db, request),
    language: request.headers['accept-language'],
    siteCode: siteCode ?? headerValue(request.headers['site-code']),
  })

  return async (app: FastifyInstance) => {
    route(app, cartApi.createCart, async (request, reply) => {
      const { principal } = await callOf(request)
      return reply.status(201).send({ cartId: await carts.createCart(ctx, principal, request.body) })
    })

    route(app, cartApi.cart, async (request) =>
      carts.getCart(ctx, await callOf(request, request.query.siteCode), request.params.cartId),
    )

    route(app, cartApi.addItem, async (request, reply) => {
      const itemId = await carts.addItem(ctx, await callOf(request), request.params.cartId, request.body)
      return reply.status(201).send({ itemId })
    })

    route(app, cartApi.updateItem, async (request) => {
      const call = await callOf(request)
      await carts.updateItem(ctx, call, request.params.cartId, request.params.itemId, request.body)
      return carts.getCart(ctx, call, request.params.cartId)
    })

    route(app, cartApi.removeItem, async (request, reply) => {
      await carts.removeItem(ctx, await callOf(request), request.params.cartId, request.params.itemId)
      return reply.status(204).send(null)
    })

    route(app, cartApi.customerCarts, async (request) =>
      lifecycle.customerCarts(ctx, await callOf(request), request.query.customerId, request.query.siteCode),
    )

    route(app, cartApi.setDestination, async (request) =>
      lifecycle.setDestination(ctx, await callOf(request), request.params.cartId, request.body),
    )

    route(app, cartApi.changeSite, async (request) =>
      lifecycle.changeSite(ctx, await callOf(request), request.params.cartId, request.body.siteCode),
    )

    route(app, cartApi.mergeCarts, async (request) =>
      lifecycle.mergeCarts(ctx, await callOf(request), request.params.cartId, request.body.carts),
    )

    route(app, cartApi.addDiscount, async (request, reply) => {
      const call = await callOf(request)
      const discountId = await discounts.addDiscount(ctx, call, request.params.cartId, request.body.code)
      return reply.status(201).send({ discountId })
    })

    route(app, cartApi.removeDiscounts, async (request, reply) => {
      await discounts.removeDiscounts(ctx, await callOf(request), request.params.cartId)
      return reply.status(204).send(null)
    })

    route(app, cartApi.removeDiscount, async (request, reply) => {
      const { cartId, discountId } = request.params
      await discounts.removeDiscount(ctx, await callOf(request), cartId, discountId)
      return reply.status(204).send(null)
    })
  }
}

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)
