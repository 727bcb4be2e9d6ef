import { systemApi } from '@shop/contracts/system'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { migrationsDone } from '../db/migrate.ts'
import type { AppContext } from './context.ts'
import { notFound } from './errors.ts'
import { isDraining } from './in-flight.ts'
import { isLocalRequest } from './local.ts'
import type { Metrics } from './metrics.ts'
import { route } from './route.ts'

/**
 * What operators and load balancers ask: /health and /api/health (the process answers), /ready (send it traffic: the database
 * answers, the schema is current, it is not stopping), /metrics (Prometheus; on this machine, or with the
 * METRICS_TOKEN bearer).
 */
export function operationsRoutes(ctx: AppContext, metrics: Metrics) {
  // registered on the app itself, not as a plugin: readiness reads the app's draining state
  return async (app: FastifyInstance) => {
    const alive = async () => ({ status: 'ok' as const })
    // /api/health stays logged like any API call (the benchmarks' bare route); /health is the probes'.
    route(app, systemApi.health, alive)
    route(app, systemApi.live, alive, { logLevel: 'warn' })
    route(
      app,
      systemApi.ready,
      async (_request, reply) => {
        const database = await sql`select 1`.execute(ctx.db).then(
          () => true,
          () => false,
        )
        const migrations = database && (await migrationsDone(ctx.db).catch(() => false))
        const checks = { database, migrations, accepting: !isDraining(app) }
        const ready = Object.values(checks).every(Boolean)
        return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks })
      },
      { logLevel: 'warn' },
    )
    route(
      app,
      systemApi.metrics,
      async (request, reply) => {
        const token = ctx.config.metricsToken
        const bearer = request.headers.authorization === `Bearer ${token}`
        if (!(token ? bearer : isLocalRequest(request))) throw notFound('Metrics')
        return reply
          .type(metrics.registry.contentType)
          .header('cache-control', 'no-store')
          .send(await metrics.registry.metrics())
      },
      { logLevel: 'warn' },
    )
  }
}
