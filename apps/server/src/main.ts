import { buildApp } from './app.ts'
import { loadConfig } from './platform/config.ts'
import { openDatabase } from './platform/db/database.ts'
import { optimizeDatabase, scheduleOptimize } from './platform/db/maintenance.ts'
import { migrateToLatest } from './platform/db/migrate.ts'
import { whenIdle } from './platform/http/in-flight.ts'

/** `npm start`: migrate, fill an empty database with the demo catalogue, serve the shop. */
const config = loadConfig()
const database = openDatabase(config.databaseUrl)
await migrateToLatest(database.db)
if (config.seedDemo) {
  const { seedDemo } = await import('../../../demo/seed.ts')
  await seedDemo(database.db)
  // A seed is a bulk load: plan with its statistics at once (SQLite), not an hour later.
  await optimizeDatabase(database)
}
const app = await buildApp({ config, database })
const { ensureSearchIndex } = await import('./modules/search/search.service.ts')
await ensureSearchIndex({ db: database.db, engine: database.engine, config, log: app.log })
// A catalogue that grows keeps fresh SQLite planner statistics (PostgreSQL: autovacuum).
const stopOptimizing = scheduleOptimize(database, (error) =>
  app.log.warn({ err: error }, 'PRAGMA optimize failed'),
)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    stopOptimizing()
    await app.close()
    // Handlers of requests whose client has gone may still be running: let them finish first.
    await whenIdle(app, 10_000)
    await database.close()
    process.exit(0)
  })
}
await app.listen({ port: config.port, host: config.host })
