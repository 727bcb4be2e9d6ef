import type { DatabaseSync, StatementSync } from 'node:sqlite'
import type { SqliteDatabase, SqliteStatement } from 'kysely'

/** Prepared statements kept per connection: the shop runs a few hundred distinct statements, over and over. */
const CACHE_SIZE = 1000

/**
 * Kysely's SqliteDialect speaks better-sqlite3. node:sqlite differs in two ways: parameters are spread,
 * and there is no `reader` flag (a statement that returns columns is a reader). Statements are prepared once
 * per SQL text and kept (least recently used out past CACHE_SIZE): preparing is a parse and a plan, a large
 * share of a small query's time.
 */
export function adaptNodeSqlite(db: DatabaseSync): SqliteDatabase {
  const cache = new Map<string, { statement: StatementSync; reader: boolean }>()
  const prepared = (sql: string) => {
    let entry = cache.get(sql)
    if (entry) {
      cache.delete(sql)
    } else {
      const statement = db.prepare(sql)
      entry = { statement, reader: statement.columns().length > 0 }
      if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string)
    }
    cache.set(sql, entry)
    return entry
  }
  return {
    close: () => {
      cache.clear()
      db.close()
    },
    prepare(sql: string): SqliteStatement {
      const { statement, reader } = prepared(sql)
      const params = (values: ReadonlyArray<unknown>) => values.map(toSqliteValue) as never[]
      return {
        reader,
        all: (values) => statement.all(...params(values)),
        run: (values) => {
          const { changes, lastInsertRowid } = statement.run(...params(values))
          return { changes, lastInsertRowid }
        },
        iterate: (values) => statement.iterate(...params(values)) as IterableIterator<unknown>,
      }
    },
  }
}

function toSqliteValue(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0
  if (value instanceof Date) return value.toISOString()
  return value
}
