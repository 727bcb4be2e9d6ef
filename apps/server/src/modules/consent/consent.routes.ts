import {
  ConsentReferenceParamsSchema,
  ConsentReferenceSchema,
  CreateConsentReferenceSchema,
} from '@shop/contracts/consent'
import { ErrorSchema } from '@shop/contracts/errors'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/http/context.ts'
import { createReference, withdrawReference } from './consent.service.ts'

/**
 * Spec §7 "POST consent references". No sign-in needed: consent belongs to the browser, not to an account,
 * and the reference is not linked to a customer or token (docs/decisions/0010).
 */
export function consentRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>()
    api.post(
      '/api/consent/consentReferences',
      {
        schema: {
          tags: ['consent'],
          body: CreateConsentReferenceSchema.nullish(),
          response: { 201: ConsentReferenceSchema, 400: ErrorSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await createReference(ctx.db, request.body ?? {})),
    )
    api.delete(
      '/api/consent/consentReferences/:id',
      {
        schema: {
          tags: ['consent'],
          params: ConsentReferenceParamsSchema,
          response: { 204: z.null().describe('Consent withdrawn; its events are deleted'), 404: ErrorSchema },
        },
      },
      async (request, reply) => {
        await withdrawReference(ctx.db, request.params.id)
        return reply.status(204).send(null)
      },
    )
  }
}
