import { sql } from 'kysely'
import { repeat } from '../repeat.ts'
import type { DatabaseHandle } from './database.ts'

/** How often a running shop refreshes SQLite's planner statistics. */
export const OPTIMIZE_INTERVAL_MS = 60 * 60 * 1000

type Handle = Pick<DatabaseHandle, 'db' | 'engine'>

/**
 * Fresh planner statistics for a catalogue that grew or shrank. SQLite gathers none by itself: `PRAGMA
 * optimize` analyses the tables whose size changed a lot since their last analysis, and with 0x10000 also
 * those never analysed (cheap when nothing changed). PostgreSQL's autovacuum analyses on its own: nothing.
 */
export async function optimizeDatabase(handle: Handle): Promise<void> {
  if (handle.engine === 'sqlite') await sql`pragma optimize = 0x10002`.execute(handle.db)
}

/** Runs `optimizeDatabase` every `intervalMs` until the returned function is called (see `repeat`). */
export function scheduleOptimize(
  handle: Handle,
  onError: (error: unknown) => void,
  intervalMs = OPTIMIZE_INTERVAL_MS,
): () => void {
  return repeat(() => optimizeDatabase(handle), intervalMs, onError)
}

/**
 * Fresh planner statistics for tables a bulk write has just grown manyfold, now rather than at the next autovacuum
 * (docs/decisions/0098). PostgreSQL keeps each connection's prepared plans (the shop's named statements, foreign
 * key checks, the plans inside triggers) until the statistics of a table they read change: a plan made while a
 * table held 50 rows walks it whole when it holds 10,000. `ANALYZE` gives the planner the new size and makes every
 * connection plan those statements again. SQLite: `PRAGMA optimize`, which analyses what changed a lot.
 */
export async function refreshStatistics(handle: Handle, tables: readonly string[]): Promise<void> {
  if (handle.engine === 'sqlite') await sql`pragma optimize = 0x10002`.execute(handle.db)
  else if (tables.length > 0)
    await sql`analyze ${sql.join(tables.map((table) => sql.table(table)))}`.execute(handle.db)
}
