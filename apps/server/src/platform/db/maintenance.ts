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
