import { Readable } from 'node:stream'
import { backofficeImportApi, IMPORT_MAX_BYTES } from '@shop/contracts/backoffice-import'
import type { FastifyInstance } from 'fastify'
import { staffOf } from '../../platform/auth/staff.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { route } from '../../platform/http/route.ts'
import {
  cancelImport,
  exportCatalogueCsv,
  importJob,
  previewImport,
  resumeImports,
  startImport,
} from './import.service.ts'

/** The catalogue's CSV export and import (docs/decisions/0053-catalogue-csv.md); the staff guard admitted the caller. */
export function catalogueImportRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    resumeImports(app, ctx)
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store')
    })
    route(
      app,
      backofficeImportApi.exportCatalogue,
      async (_request, reply) =>
        reply
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="catalogue-${new Date().toISOString().slice(0, 10)}.csv"`,
          )
          .send(Readable.from(exportCatalogueCsv(ctx)) as unknown as string), // streamed: never held whole
    )
    route(
      app,
      backofficeImportApi.uploadImport,
      async (request, reply) =>
        reply.status(201).send(await previewImport(ctx, staffOf(request), request.body.csv, request.query)),
      { bodyLimit: IMPORT_MAX_BYTES + 64 * 1024 },
    )
    route(app, backofficeImportApi.importJob, async (request) =>
      importJob(ctx, request.params.importId, request.query),
    )
    route(app, backofficeImportApi.startImport, async (request, reply) =>
      reply
        .status(202)
        .send(
          await startImport(ctx, request.params.importId, request.body.validOnly, { page: 1, pageSize: 50 }),
        ),
    )
    route(app, backofficeImportApi.cancelImport, async (request, reply) => {
      await cancelImport(ctx, request.params.importId)
      return reply.status(204).send(null)
    })
  }
}
