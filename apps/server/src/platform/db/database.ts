import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import pg from 'pg'
import { nameStatements } from './pg-statements.ts'
import type { Database } from './schema.ts'
import { adaptNodeSqlite } from './sqlite-adapter.ts'
import { type Checkpointer, startCheckpointer } from './sqlite-checkpointer.ts'

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
  sqlite.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;')
  // A file's checkpoints run on a thread of their own, not inside the commit that crosses the mark, which blocks
  // the event loop while it copies the log (docs/decisions/0083), and only while there is something to copy (0096). The connection's own checkpoint stays as a
  // backstop at 16,384 pages (64 MB), for a writer that never pauses long enough for the thread's to catch up.
  // An in-memory database has no log.
  let checkpointer: Checkpointer | undefined
  if (file !== ':memory:') {
    sqlite.exec('PRAGMA wal_autocheckpoint = 16384;')
    checkpointer = startCheckpointer(file, sqlite)
  }
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: adaptNodeSqlite(sqlite) }) })
  const close = async () => {
    await checkpointer?.stop()
    await db.destroy()
  }
  return { db, engine, close, pool: () => ({ total: 1, idle: 1, waiting: 0 }) }
}
