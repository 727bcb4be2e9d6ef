import type { DatabaseSync } from 'node:sqlite'
import type { SqliteDatabase, SqliteStatement } from 'kysely'

/**
 * Kysely's SqliteDialect speaks better-sqlite3. node:sqlite differs in two ways: parameters are spread,
 * and there is no `reader` flag (a statement that returns columns is a reader).
 */
export function adaptNodeSqlite(db: DatabaseSync): SqliteDatabase {
  return {
    close: () => db.close(),
    prepare(sql: string): SqliteStatement {
      const statement = db.prepare(sql)
      const params = (values: ReadonlyArray<unknown>) => values.map(toSqliteValue) as never[]
      return {
        reader: statement.columns().length > 0,
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
