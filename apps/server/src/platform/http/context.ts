import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config.ts'
import type { Db, Engine } from '../db/database.ts'
import type { Metrics } from './metrics.ts'

/** What every module receives: the database, the settings and a logger. Nothing global. */
export interface AppContext {
  db: Db
  engine: Engine
  config: Config
  log: FastifyBaseLogger
  /** The app's Prometheus metrics; absent in contexts made outside an app (scripts, some tests). */
  metrics?: Metrics
}
