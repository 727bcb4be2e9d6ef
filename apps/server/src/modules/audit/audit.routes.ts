import { auditApi } from '@shop/contracts/audit'
import { TOTAL_COUNT_HEADER } from '@shop/contracts/common'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../platform/http/context.ts'
import { route } from '../../platform/http/route.ts'
import { listAudit } from './audit.service.ts'

/** The owner reads the audit log (the staff guard admits the owner only: the contract has no staff tag). */
export function auditRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, auditApi.ownerAudit, async (request, reply) => {
      const page = await listAudit(ctx.db, request.query)
      void reply.header(TOTAL_COUNT_HEADER, String(page.total)).header('cache-control', 'no-store')
      return page.items
    })
  }
}
