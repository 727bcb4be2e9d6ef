// First: React's build is chosen when it is first loaded (docs/decisions/0058-react-production-build.md).
import './platform/react-mode.ts'
import { flushCompileCache } from 'node:module'
import { buildApp } from './app.ts'
import { type Config, loadConfig } from './platform/config.ts'
import { openDatabase } from './platform/db/database.ts'
import { optimizeDatabase, scheduleOptimize } from './platform/db/maintenance.ts'
import { migrateToLatest } from './platform/db/migrate.ts'
import { startDraining, whenIdle } from './platform/http/in-flight.ts'
import { startedNodeEnv } from './platform/react-mode.ts'

/** `npm start`: migrate, fill an empty database with the demo catalogue, serve the shop; drain on SIGTERM. */
let config: Config
try {
  config = loadConfig({ ...process.env, NODE_ENV: startedNodeEnv })
} catch (error) {
  // A settings problem is the operator's to fix: the message names the setting, a stack trace would bury it.
  console.error(`The shop did not start. ${(error as Error).message}`)
  process.exit(1)
}
const database = openDatabase(config.databaseUrl)
await migrateToLatest(database.db)
if (config.seedDemo) {
  const { seedDemo } = await import('../../../demo/seed.ts')
  await seedDemo(database.db)
  // A seed is a bulk load: plan with its statistics at once (SQLite), not an hour later.
  await optimizeDatabase(database)
} else {
  const { ensureStarterSite } = await import('./modules/site/site.service.ts')
  await ensureStarterSite(database.db, config.starterSite)
}
const app = await buildApp({ config, database })
const { ensureSearchIndex } = await import('./modules/search/search.service.ts')
await ensureSearchIndex({ db: database.db, engine: database.engine, config, log: app.log })
// A catalogue that grows keeps fresh SQLite planner statistics (PostgreSQL: autovacuum).
const stopOptimizing = scheduleOptimize(database, (error) =>
  app.log.warn({ err: error }, 'PRAGMA optimize failed'),
)

/**
 * A normal stop drains (docs/decisions/0017): no new connections; requests in flight, the mail being sent and
 * the background jobs finish; the database closes; one line is logged and the process exits 0. Past
 * SHUTDOWN_TIMEOUT_SECONDS it exits 1 with whatever is left; a second signal exits at once.
 */
let stopping = false
async function drain(signal: NodeJS.Signals) {
  if (stopping) {
    app.log.warn({ signal }, 'second signal: exiting at once')
    process.exit(1)
  }
  stopping = true
  const started = Date.now()
  const deadline = setTimeout(() => {
    app.log.error({ signal, ms: Date.now() - started }, 'shutdown did not finish in time: exiting')
    process.exit(1)
  }, config.shutdownTimeoutSeconds * 1000)
  deadline.unref()
  stopOptimizing()
  const stopDraining = startDraining(app)
  await app.close()
  stopDraining()
  // Handlers of requests whose client has gone may still be running: let them finish first.
  await whenIdle(app, config.shutdownTimeoutSeconds * 1000)
  await database.close()
  app.log.info({ signal, ms: Date.now() - started }, 'shop stopped: requests drained, database closed')
  process.exit(0)
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, drain)
await app.listen({ port: config.port, host: config.host })
// What this start compiled is in the compile cache now, not only at a clean exit: a shop that is killed still
// starts fast next time (scripts/compile-cache.js; a no-op when the cache is off).
flushCompileCache()
