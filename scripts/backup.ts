/**
 * `npm run backup [-- <directory>]`: a consistent copy of the live shop, taken without stopping it, into
 * `<directory>/shop-<UTC timestamp>/` (default directory: ./backups):
 *   - SQLite: `shop.sqlite`, written by `VACUUM INTO` (one read transaction: a snapshot of every committed order,
 *     while the shop goes on taking new ones);
 *   - PostgreSQL: `shop.pgdump`, by `pg_dump --format=custom` (a snapshot as well);
 *   - `media/`: a copy of MEDIA_DIR, the images the shop serves.
 * README.md "Backup and restore" says how to put it back.
 */
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { loadConfig } from '../apps/server/src/platform/config.ts'
import { engineOf } from '../apps/server/src/platform/db/database.ts'

const config = loadConfig()
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-')
const target = resolve(process.argv[2] ?? 'backups', `shop-${stamp}`)
mkdirSync(target, { recursive: true })

const engine = engineOf(config.databaseUrl)
let database: string
if (engine === 'sqlite') {
  const file = config.databaseUrl.replace(/^sqlite:(\/\/)?/, '')
  if (!existsSync(file)) fail(`no SQLite database at ${file} (DATABASE_URL)`)
  database = join(target, 'shop.sqlite')
  const source = new DatabaseSync(file, { readOnly: true, timeout: 5000 })
  try {
    source.prepare('VACUUM INTO ?').run(database)
  } finally {
    source.close()
  }
} else {
  database = join(target, 'shop.pgdump')
  const dump = spawnSync(
    'pg_dump',
    ['--format=custom', '--no-owner', '--file', database, config.databaseUrl],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  )
  if (dump.error) fail(`pg_dump could not run (${dump.error.message}); install PostgreSQL's client tools`)
  if (dump.status !== 0) fail(`pg_dump failed with exit code ${dump.status}`)
}
const media = join(target, 'media')
if (existsSync(config.mediaDir)) cpSync(config.mediaDir, media, { recursive: true })
writeFileSync(
  join(target, 'backup.json'),
  `${JSON.stringify({ taken: new Date().toISOString(), engine, database, media: config.mediaDir }, null, 2)}\n`,
)
console.log(`backup written to ${target}`)

function fail(message: string): never {
  console.error(`npm run backup: ${message}`)
  process.exit(1)
}
