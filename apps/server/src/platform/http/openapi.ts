import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { systemApi } from '@shop/contracts/system'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod'
import { route } from './route.ts'

/** OpenAPI 3.1 document at /api/openapi.json, generated from the same zod schemas that validate requests. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Shop API',
        version: '1.0.0',
        description: 'Commerce API of the shop: sites, catalogue, carts, checkout and orders.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs' })
  route(app, systemApi.openApi, async () => app.swagger() as unknown as Record<string, unknown>)
}
