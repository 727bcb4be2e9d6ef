import { sql } from 'kysely'
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

/**
 * Runs `optimizeDatabase` every `intervalMs` until the returned function is called; the timer does not keep
 * the process alive. A failed run is reported to `onError` and the next one still comes.
 */
export function scheduleOptimize(
  handle: Handle,
  onError: (error: unknown) => void,
  intervalMs = OPTIMIZE_INTERVAL_MS,
): () => void {
  let running = false
  const timer = setInterval(async () => {
    if (running) return
    running = true
    try {
      await optimizeDatabase(handle)
    } catch (error) {
      onError(error)
    } finally {
      running = false
    }
  }, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}
