import {
  AssignmentSchema,
  AssignmentsQuerySchema,
  CategoryListQuerySchema,
  CategoryParamsSchema,
  CategoryQuerySchema,
  CategorySchema,
} from '@shop/contracts/catalogue'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/http/context.ts'
import { resolveLocale } from '../site/site.service.ts'
import { categoryAssignments, getCategory, listCategories } from './category.service.ts'

export function categoryRoutes(ctx: AppContext, app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.get(
    '/api/catalogue/categories',
    {
      schema: {
        tags: ['catalogue'],
        querystring: CategoryListQuerySchema,
        response: { 200: z.array(CategorySchema) },
      },
    },
    async (req) => {
      const { language } = await resolveLocale(ctx, req.headers)
      const options = {
        language,
        toplevel: req.query.toplevel === 'true',
        subcategories: req.query.expand === 'subcategories',
      }
      return listCategories(ctx, options)
    },
  )
  api.get(
    '/api/catalogue/categories/:id',
    {
      schema: {
        tags: ['catalogue'],
        params: CategoryParamsSchema,
        querystring: CategoryQuerySchema,
        response: { 200: CategorySchema },
      },
    },
    async (req) => {
      const { language } = await resolveLocale(ctx, req.headers)
      return getCategory(ctx, req.params.id, language, { slugs: req.query.expand === 'slugs' })
    },
  )
  api.get(
    '/api/catalogue/categories/:id/assignments',
    {
      schema: {
        tags: ['catalogue'],
        params: CategoryParamsSchema,
        querystring: AssignmentsQuerySchema,
        response: { 200: z.array(AssignmentSchema) },
      },
    },
    async (req) => {
      const { language } = await resolveLocale(ctx, req.headers)
      return categoryAssignments(ctx, req.params.id, req.query.recursive === 'true', language)
    },
  )
}
