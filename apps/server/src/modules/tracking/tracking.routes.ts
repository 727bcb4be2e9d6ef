import { ErrorSchema } from '@shop/contracts/errors'
import {
  MAX_TRACKING_BODY_BYTES,
  TrackingBatchSchema,
  TrackingHeadersSchema,
  TrackingResultSchema,
} from '@shop/contracts/tracking'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { AppContext } from '../../platform/http/context.ts'
import { repeat } from '../../platform/repeat.ts'
import { purgeExpired, recordEvents } from './tracking.service.ts'

const PURGE_INTERVAL_MS = 60 * 60 * 1000

/** Spec §7 "POST tracking events with consent-reference header"; also runs the retention purge hourly. */
export function trackingRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/api/tracking/events',
      {
        bodyLimit: MAX_TRACKING_BODY_BYTES,
        schema: {
          tags: ['tracking'],
          headers: TrackingHeadersSchema,
          body: TrackingBatchSchema,
          response: { 202: TrackingResultSchema, 400: ErrorSchema, 403: ErrorSchema, 413: ErrorSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(202)
          .send(await recordEvents(ctx.db, request.headers['consent-reference'], request.body.events)),
    )

    const failed = (err: unknown) => ctx.log.warn({ err }, 'tracking retention purge failed')
    let stop: (() => void) | undefined
    app.addHook('onReady', async () => {
      purgeExpired(ctx.db).catch(failed)
      stop = repeat(() => purgeExpired(ctx.db), PURGE_INTERVAL_MS, failed)
    })
    app.addHook('onClose', async () => stop?.())
  }
}
