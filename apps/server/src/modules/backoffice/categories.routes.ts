import { backofficeCategoriesApi as api } from '@shop/contracts/backoffice-categories'
import type { FastifyInstance } from 'fastify'
import { staffOf } from '../../platform/auth/staff.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { route } from '../../platform/http/route.ts'
import {
  assignProduct,
  categoryProducts,
  categoryTree,
  createCategory,
  deleteCategory,
  placeCategory,
  productCategories,
  publishCategory,
  renameCategory,
  unassignProduct,
} from './categories.service.ts'

/** The back office's category calls; the staff guard (platform/auth/staff.ts) has admitted the caller. */
export function backofficeCategoryRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store')
    })
    route(app, api.tree, async () => categoryTree(ctx))
    route(app, api.create, async (req, reply) =>
      reply.status(201).send(await createCategory(ctx, staffOf(req), req.body)),
    )
    route(app, api.rename, async (req) =>
      renameCategory(ctx, staffOf(req), req.params.categoryId, req.body.texts),
    )
    route(app, api.place, async (req) => placeCategory(ctx, staffOf(req), req.params.categoryId, req.body))
    route(app, api.publish, async (req) =>
      publishCategory(ctx, staffOf(req), req.params.categoryId, req.body.published),
    )
    route(app, api.remove, async (req, reply) => {
      await deleteCategory(ctx, staffOf(req), req.params.categoryId)
      return reply.status(204).send(null)
    })
    route(app, api.products, async (req) => categoryProducts(ctx, req.params.categoryId, req.query))
    route(app, api.assign, async (req, reply) => {
      const { categoryId, productId } = req.params
      await assignProduct(ctx, staffOf(req), categoryId, productId, req.body.position)
      return reply.status(204).send(null)
    })
    route(app, api.unassign, async (req, reply) => {
      await unassignProduct(ctx, staffOf(req), req.params.categoryId, req.params.productId)
      return reply.status(204).send(null)
    })
    route(app, api.productCategories, async (req) =>
      productCategories(ctx, req.params.productId, req.query.language),
    )
  }
}
