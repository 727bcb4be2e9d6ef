import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import pg from 'pg'
import { SERVER_FLAGS } from './server-flags.ts'

export type Engine = 'sqlite' | 'postgres'

export interface RunningShop {
  url: string
  databaseUrl: string
  /** The server process, for journeys that kill it (`kill -9` in the middle of a load). */
  child: ChildProcess
  stop(): Promise<void>
}

const postgresSkip = process.env.TEST_DATABASE_URL ? false : 'TEST_DATABASE_URL is not set'
/** Both engines; PostgreSQL is skipped without TEST_DATABASE_URL. */
export const engines = [
  { engine: 'sqlite' as const, skip: false as const },
  { engine: 'postgres' as const, skip: postgresSkip },
]

const root = resolve(import.meta.dirname, '../..')

/**
 * Starts the real shop (`apps/server/src/main.ts`, as `npm start` does after its build) on a free port with
 * a fresh database of the given engine, seeded with the demo catalogue. Needs the web build: the one named by
 * WEB_BUILD_DIR, else apps/web/build (`npm test` builds it once before the run). The build is served in place,
 * not copied: parallel work in one checkout builds into its own WEB_BUILD_DIR (apps/web/react-router.config.ts),
 * so nothing rebuilds it under a running shop.
 */
export async function startShop(
  engine: Engine,
  env: Record<string, string> = {},
  options: { databaseUrl?: string } = {},
): Promise<RunningShop> {
  const port = await freePort()
  // A second process on the first one's database (several processes behind one load balancer); the first
  // shop owns the database and drops it.
  const database = options.databaseUrl
    ? { url: options.databaseUrl, drop: async () => {} }
    : await freshDatabase(engine, wantsDemo(env) ? templateOf(engine) : undefined)
  const child = spawn(process.execPath, [...SERVER_FLAGS, join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      // Journeys sign up and sign in often: scrypt at a test's cost (the hash's strength has its own tests).
      PASSWORD_HASH_COST: '12',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  try {
    await waitUntilUp(`${url}/api/health`, child)
  } catch (error) {
    // A shop that never answered must not outlive the test file (the runner would wait for it for ever).
    child.kill('SIGKILL')
    await database.drop().catch(() => undefined)
    throw error
  }
  return {
    url,
    databaseUrl: database.url,
    child,
    async stop() {
      await stopProcess(child)
      await database.drop()
    },
  }
}

/**
 * The demo shop's database, migrated, seeded and indexed once per `npm test` run (scripts/test.ts calls
 * makeTemplates): a shop that starts with the demo gets a copy, so it starts without seeding. Without one (a
 * single file run by hand), each shop seeds its own.
 */
const TEMPLATE_ENV = { sqlite: 'E2E_SQLITE_TEMPLATE', postgres: 'E2E_POSTGRES_TEMPLATE' } as const
const templateOf = (engine: Engine) => process.env[TEMPLATE_ENV[engine]] || undefined
/** A shop started with its own settings of what to load starts from an empty database, as it asks. */
const wantsDemo = (env: Record<string, string>) =>
  env.SEED_DEMO === undefined && env.NODE_ENV === undefined && process.env.SEED_DEMO === undefined

/** Makes the templates (a demo shop started and stopped on each engine); answers their settings and a cleanup. */
export async function makeTemplates(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const env: Record<string, string> = {}
  const drops: Array<() => Promise<void>> = []
  for (const { engine, skip } of engines) {
    if (skip) continue
    const database = await freshDatabase(engine, undefined)
    drops.push(database.drop)
    const shop = await startShop(engine, {}, { databaseUrl: database.url })
    await stopProcess(shop.child)
    env[TEMPLATE_ENV[engine]] = database.url
  }
  return { env, drop: async () => void (await Promise.all(drops.map((drop) => drop()))) }
}

async function freshDatabase(
  engine: Engine,
  template: string | undefined,
): Promise<{ url: string; drop(): Promise<void> }> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'shop-e2e-'))
    const file = join(dir, 'shop.sqlite')
    if (template)
      for (const suffix of ['', '-wal'])
        if (existsSync(template + suffix)) copyFileSync(template + suffix, file + suffix)
    return { url: file, drop: async () => rmSync(dir, { recursive: true, force: true }) }
  }
  const admin = process.env.TEST_DATABASE_URL
  if (!admin) throw new Error('TEST_DATABASE_URL is not set')
  const name = `shop_e2e_${randomBytes(6).toString('hex')}`
  const from = template ? ` TEMPLATE ${new URL(template).pathname.slice(1)}` : ''
  await adminQuery(admin, `CREATE DATABASE ${name}${from}`)
  const url = new URL(admin)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: () => adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  }
}

async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

async function waitUntilUp(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the shop exited with code ${child.exitCode}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150))
  }
  throw new Error(`the shop did not answer ${url} within ${timeoutMs} ms`)
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolvePromise) => {
    child.once('exit', () => resolvePromise())
    child.kill('SIGTERM')
    setTimeout(() => child.kill('SIGKILL'), 5000).unref()
  })
}

function freePort(): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolvePromise(address.port) : reject()))
    })
  })
}
