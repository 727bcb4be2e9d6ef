import { MAX_TRACKING_BODY_BYTES, trackingApi } from '@shop/contracts/tracking'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../platform/http/context.ts'
import { route } from '../../platform/http/route.ts'
import { repeat } from '../../platform/repeat.ts'
import { purgeExpired, recordEvents } from './tracking.service.ts'

const PURGE_INTERVAL_MS = 60 * 60 * 1000

/** Spec §7 "POST tracking events with consent-reference header"; also runs the retention purge hourly. */
export function trackingRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(
      app,
      trackingApi.events,
      async (request, reply) =>
        reply
          .status(202)
          .send(await recordEvents(ctx.db, request.headers['consent-reference'], request.body.events)),
      { bodyLimit: MAX_TRACKING_BODY_BYTES },
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
