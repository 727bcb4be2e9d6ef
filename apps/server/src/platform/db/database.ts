import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import pg from 'pg'
import { nameStatements } from './pg-statements.ts'
import type { Database } from './schema.ts'
import { adaptNodeSqlite } from './sqlite-adapter.ts'

export type Engine = 'sqlite' | 'postgres'
export type Db = Kysely<Database>

export interface DatabaseHandle {
  db: Db
  engine: Engine
  close(): Promise<void>
  /** Connections of the pool (PostgreSQL): open, idle, and requests waiting for one. SQLite has one. */
  pool(): { total: number; idle: number; waiting: number }
}

// COUNT(*) and SUM() come back from pg as strings (int8/numeric); every count the shop makes fits a number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value))

export function engineOf(url: string): Engine {
  return /^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'sqlite'
}

/** `url` is a postgres:// URL or a SQLite file path (`:memory:` for a throw-away database). */
export function openDatabase(url: string, options: { poolSize?: number } = {}): DatabaseHandle {
  const engine = engineOf(url)
  if (engine === 'postgres') {
    // JIT off: the shop's statements are short; PostgreSQL's cost estimate sends a few large-looking ones (a search
    // of two common words at 100,000 products) through LLVM compilation, which costs more than it saves.
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, options: '-c jit=off' })
    // An idle client whose server connection ends (restart, failover, a dropped test database) must not
    // take the process down; the pool replaces it on the next checkout.
    pool.on('error', () => {})
    // Each connection prepares the statements it runs again and again (docs/decisions/0076).
    pool.on('connect', (client) => nameStatements(client))
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
    const stats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount })
    return { db, engine, close: () => db.destroy(), pool: stats }
  }
  const file = url.replace(/^sqlite:(\/\/)?/, '')
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
  const sqlite = new DatabaseSync(file, { timeout: 5000 })
  // A checkpoint copies the write-ahead log's pages into the database every 10,000 pages (40 MB) rather than
  // SQLite's 1,000: the pages every order rewrites (index leaves, counters) are copied once per checkpoint, not once
  // per 25 orders (docs/decisions/0078).
  sqlite.exec(
    'PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL; PRAGMA wal_autocheckpoint = 10000;',
  )
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: adaptNodeSqlite(sqlite) }) })
  return { db, engine, close: () => db.destroy(), pool: () => ({ total: 1, idle: 1, waiting: 0 }) }
}
