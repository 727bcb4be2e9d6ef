import { consentApi } from '@shop/contracts/consent'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../platform/http/context.ts'
import { route } from '../../platform/http/route.ts'
import { createReference, withdrawReference } from './consent.service.ts'

/**
 * Spec §7 "POST consent references". No sign-in needed: consent belongs to the browser, not to an account,
 * and the reference is not linked to a customer or token (docs/decisions/0010).
 */
export function consentRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, consentApi.createReference, async (request, reply) =>
      reply.status(201).send(await createReference(ctx.db, request.body ?? {})),
    )
    route(app, consentApi.withdrawReference, async (request, reply) => {
      await withdrawReference(ctx.db, request.params.id)
      return reply.status(204).send(null)
    })
  }
}
