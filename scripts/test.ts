/**
 * `npm test`: every test of the repository with Node's test runner, on SQLite and, when a server answers,
 * on PostgreSQL. In CI (CI=true) PostgreSQL and Chromium are required rather than skipped.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { connect } from 'node:net'
import { resolve } from 'node:path'

const ci = process.env.CI === 'true'
const env = { ...process.env }

if (!env.TEST_DATABASE_URL) {
  const candidate = 'postgres://postgres@127.0.0.1:5432/postgres'
  if (await answers('127.0.0.1', 5432)) env.TEST_DATABASE_URL = candidate
  else if (ci) fail('PostgreSQL does not answer on 127.0.0.1:5432')
  else
    console.log(
      'note: no PostgreSQL on 127.0.0.1:5432 and TEST_DATABASE_URL unset; PostgreSQL tests are skipped',
    )
}
env.CHROMIUM_PATH ??= '/usr/bin/chromium'
if (!existsSync(env.CHROMIUM_PATH)) {
  if (ci) fail(`no Chromium at ${env.CHROMIUM_PATH}`)
  console.log(
    `note: no Chromium at ${env.CHROMIUM_PATH}; browser journeys are skipped (apt-get install chromium)`,
  )
  env.CHROMIUM_PATH = ''
}

const patterns = process.argv.slice(2)
const files = patterns.length
  ? patterns
  : [
      'packages/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/web/app/**/*.test.ts',
      'demo/**/*.test.ts',
      'e2e/**/*.test.ts',
      'scripts/**/*.test.ts',
    ]
// Compiled code cached on disk: every shop a journey starts loads the same few hundred modules.
env.NODE_COMPILE_CACHE ??= resolve(import.meta.dirname, '../node_modules/.cache/node-compile')
// The demo shop's database made once for every journey that starts a shop with the demo (e2e/support/shop.ts).
Object.assign(process.env, env)
const templates = files.some((f) => f.includes('e2e'))
  ? await (await import('../e2e/support/shop.ts')).makeTemplates()
  : undefined
const result = spawnSync(
  process.execPath,
  [
    '--disable-warning=ExperimentalWarning',
    '--test',
    `--test-concurrency=${env.TEST_CONCURRENCY ?? 2}`,
    '--test-timeout=120000',
    ...files,
  ],
  { stdio: 'inherit', env: { ...env, ...templates?.env } },
)
await templates?.drop()
process.exit(result.status ?? 1)

function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 1000 })
    socket.once('connect', () => resolve(socket.end() && true))
    socket.once('error', () => resolve(false))
    socket.once('timeout', () => resolve(!socket.destroy()))
  })
}

function fail(message: string): never {
  console.error(`npm test: ${message}`)
  process.exit(1)
}
