import { type RawBuilder, SqliteAdapter, sql } from 'kysely'
import type { Db } from './database.ts'

export interface BulkColumn {
  name: string
  type: 'text' | 'integer'
}

/**
 * Rows as the SELECT of a bulk insert, thousands per statement whatever their width: SQLite reads them from one
 * JSON parameter (json_each), PostgreSQL from one array per column (unnest). Write
 * `insert into t (a, b) ${bulkRows(db, columns, rows)}` with the columns in the same order; an ON CONFLICT
 * clause may follow. A VALUES list instead binds, compiles and parses one parameter per cell. Cells are
 * strings, numbers or null (booleans as 0 or 1), in the order of `columns`.
 */
export function bulkRows(
  db: Db,
  columns: readonly BulkColumn[],
  rows: ReadonlyArray<readonly unknown[]>,
): RawBuilder<unknown> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    const values = sql.join(columns.map((_, j) => sql`j.value ->> ${sql.lit(j)}`))
    // `where true`: SQLite would read an ON CONFLICT right after the FROM as a join constraint.
    return sql`select ${values} from json_each(${JSON.stringify(rows)}) j where true`
  }
  const arrays = sql.join(
    columns.map((c, j) => sql`${rows.map((r) => r[j])}::${sql.raw(c.type === 'text' ? 'text' : 'int')}[]`),
  )
  return sql`select * from unnest(${arrays})`
}
