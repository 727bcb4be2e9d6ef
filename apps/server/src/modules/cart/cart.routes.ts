import {
  AddCartItemResultSchema,
  AddCartItemSchema,
  AddDiscountResultSchema,
  AddDiscountSchema,
  CartItemParamsSchema,
  CartQuerySchema,
  CartSchema,
  ChangeSiteSchema,
  CreateCartResultSchema,
  CreateCartSchema,
  CustomerCartsQuerySchema,
  DiscountParamsSchema,
  MergeCartsSchema,
  UpdateCartItemSchema,
  UpdateCartSchema,
} from '@shop/contracts/cart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { authenticate } from '../../platform/auth/guard.ts'
import type { AppContext } from '../../platform/http/context.ts'
import * as carts from './cart.service.ts'
import * as discounts from './cart-discount.service.ts'
import * as lifecycle from './cart-lifecycle.service.ts'

const CartParamsSchema = z.object({ cartId: z.string().max(64) })
const security = [{ bearer: [] }]

export function cartRoutes(ctx: AppContext) {
  /** Who calls, their language and the site-code header (spec §7: cart calls carry a site code). */
  const callOf = async (request: FastifyRequest, siteCode?: string): Promise<carts.CartCall> => ({
    principal: await authenticate(ctx.db, request),
    language: request.headers['accept-language'],
    siteCode: siteCode ?? headerValue(request.headers['site-code']),
  })

  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>()
    api.post(
      '/api/cart/carts',
      {
        schema: {
          tags: ['cart'],
          security,
          body: CreateCartSchema,
          response: { 201: CreateCartResultSchema },
        },
      },
      async (request, reply) => {
        const { principal } = await callOf(request)
        return reply.status(201).send({ cartId: await carts.createCart(ctx, principal, request.body) })
      },
    )

    api.get(
      '/api/cart/carts/:cartId',
      {
        schema: {
          tags: ['cart'],
          security,
          params: CartParamsSchema,
          querystring: CartQuerySchema,
          response: { 200: CartSchema },
        },
      },
      async (request) =>
        carts.getCart(ctx, await callOf(request, request.query.siteCode), request.params.cartId),
    )

    api.post(
      '/api/cart/carts/:cartId/items',
      {
        schema: {
          tags: ['cart'],
          security,
          params: CartParamsSchema,
          body: AddCartItemSchema,
          response: { 201: AddCartItemResultSchema },
        },
      },
      async (request, reply) => {
        const itemId = await carts.addItem(ctx, await callOf(request), request.params.cartId, request.body)
        return reply.status(201).send({ itemId })
      },
    )

    api.put(
      '/api/cart/carts/:cartId/items/:itemId',
      {
        schema: {
          tags: ['cart'],
          security,
          params: CartItemParamsSchema,
          querystring: z.object({ partial: z.enum(['true', 'false']).optional() }),
          body: UpdateCartItemSchema,
          response: { 200: CartSchema },
        },
      },
      async (request) => {
        const call = await callOf(request)
        await carts.updateItem(ctx, call, request.params.cartId, request.params.itemId, request.body)
        return carts.getCart(ctx, call, request.params.cartId)
      },
    )

    api.delete(
      '/api/cart/carts/:cartId/items/:itemId',
      { schema: { tags: ['cart'], security, params: CartItemParamsSchema, response: { 204: z.null() } } },
      async (request, reply) => {
        await carts.removeItem(ctx, await callOf(request), request.params.cartId, request.params.itemId)
        return reply.status(204).send(null)
      },
    )

    api.get(
      '/api/cart/carts',
      {
        schema: {
          tags: ['cart'],
          security,
          querystring: CustomerCartsQuerySchema,
          response: { 200: z.array(CartSchema) },
        },
      },
      async (request) =>
        lifecycle.customerCarts(ctx, await callOf(request), request.query.customerId, request.query.siteCode),
    )

    api.put(
      '/api/cart/carts/:cartId',
      {
        schema: {
          tags: ['cart'],
          security,
          params: CartParamsSchema,
          body: UpdateCartSchema,
          response: { 200: CartSchema },
        },
      },
      async (request) =>
        lifecycle.setDestination(ctx, await callOf(request), request.params.cartId, request.body),
    )

    api.post(
      '/api/cart/carts/:cartId/changeSite',
      {
        schema: {
          tags: ['cart'],
          security,
          params: CartParamsSchema,
          body: ChangeSiteSchema,
          response: { 200: CartSchema },
        },
      },
      async (request) =>
        lifecycle.changeSite(ctx, await callOf(request), request.params.cartId, request.body.siteCode),
    )

    api.post(
      '/api/cart/carts/:cartId/merge',
      {
        schema: {
          tags: ['cart'],
          security,
          params: CartParamsSchema,
          body: MergeCartsSchema,
          response: { 200: CartSchema },
        },
      },
      async (request) =>
        lifecycle.mergeCarts(ctx, await callOf(request), request.params.cartId, request.body.carts),
    )

    api.post(
      '/api/cart/carts/:cartId/discounts',
      {
        schema: {
          tags: ['cart'],
          security,
          params: CartParamsSchema,
          body: AddDiscountSchema,
          response: { 201: AddDiscountResultSchema },
        },
      },
      async (request, reply) => {
        const call = await callOf(request)
        const discountId = await discounts.addDiscount(ctx, call, request.params.cartId, request.body.code)
        return reply.status(201).send({ discountId })
      },
    )

    api.delete(
      '/api/cart/carts/:cartId/discounts',
      { schema: { tags: ['cart'], security, params: CartParamsSchema, response: { 204: z.null() } } },
      async (request, reply) => {
        await discounts.removeDiscounts(ctx, await callOf(request), request.params.cartId)
        return reply.status(204).send(null)
      },
    )

    api.delete(
      '/api/cart/carts/:cartId/discounts/:discountId',
      { schema: { tags: ['cart'], security, params: DiscountParamsSchema, response: { 204: z.null() } } },
      async (request, reply) => {
        const { cartId, discountId } = request.params
        await discounts.removeDiscount(ctx, await callOf(request), cartId, discountId)
        return reply.status(204).send(null)
      },
    )
  }
}

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)
