import { after } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../app.ts'
import { type Config, loadConfig } from '../config.ts'
import type { DatabaseHandle, Engine } from '../db/database.ts'
import { createTestDatabase } from './test-db.ts'

export interface TestApp {
  app: FastifyInstance
  database: DatabaseHandle
  /** The app's settings, for calling a module's services with the same context as its routes. */
  config: Config
}

/** The whole API on a fresh database of the given engine, closed when the test file ends. */
export async function createTestApp(engine: Engine, env: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  const database = await createTestDatabase(engine)
  const config = { ...loadConfig({ ...env, SEED_DEMO: 'false' }), databaseUrl: 'test' }
  const app = await buildApp({ config, database, logger: false })
  await app.ready()
  after(() => app.close())
  return { app, database, config }
}

/** NODE_ENV=production with the test card provider and the database mail queue explicitly allowed. */
export const PRODUCTION_TRIAL_ENV = {
  NODE_ENV: 'production',
  ALLOW_TEST_PAYMENTS: 'true',
  ALLOW_NO_MAIL: 'true',
  PUBLIC_URL: 'https://shop.example.com',
}
