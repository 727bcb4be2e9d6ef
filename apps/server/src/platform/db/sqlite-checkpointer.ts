import type { DatabaseSync } from 'node:sqlite'
import { Worker } from 'node:worker_threads'

/** How often the checkpointer copies what the write-ahead log gained into the database file. */
const EVERY_MS = 50
/**
 * A log of this many frames (4 KB pages: 16 MB) is restarted once copied: under a steady write load there may never
 * be a moment when it is all copied before the next commit, which is when SQLite starts it again on its own.
 */
const RESTART_FRAMES = 4096
/** The thread ends after this long with nothing to copy; the next change starts it again. */
const IDLE_MS = 10_000
/** How often the main connection's count of changed rows is read, to start the thread when it moved. */
const WATCH_MS = 250

/**
 * The worker, as plain JavaScript evaluated in its thread: a TypeScript module would load the type stripper
 * there too, about 10 MB more resident memory. A PASSIVE checkpoint every EVERY_MS copies the frames no reader
 * still needs, never waits for a lock and never blocks the main connection. RESTART takes the writer's lock
 * without waiting (timeout 0) and copies what came since the PASSIVE one just before it: a writer of the main
 * connection waits a millisecond or two for it, once per RESTART_FRAMES. A busy or locked file: the next tick
 * tries again. After `idleTicks` ticks in a row that found every frame copied, or on 'stop' (after a last PASSIVE
 * checkpoint), the connection is closed and the thread ends.
 */
const WORKER = `
const { DatabaseSync } = require('node:sqlite')
const { parentPort, workerData } = require('node:worker_threads')
const db = new DatabaseSync(workerData.file, { timeout: 0 })
const passive = db.prepare('PRAGMA wal_checkpoint(PASSIVE)')
const restart = db.prepare('PRAGMA wal_checkpoint(RESTART)')
let idle = 0
let ended = false
const end = () => {
  if (ended) return
  ended = true
  clearInterval(timer)
  db.close()
  parentPort.close()
}
const timer = setInterval(() => {
  try {
    const { log, checkpointed } = passive.get()
    if (log >= ${RESTART_FRAMES}) restart.get()
    idle = checkpointed === log ? idle + 1 : 0
  } catch {
    idle = 0
  }
  if (idle >= workerData.idleTicks) end()
}, ${EVERY_MS})
parentPort.on('message', () => {
  try {
    if (!ended) passive.get()
  } finally {
    end()
  }
})
`

export interface Checkpointer {
  /** Whether the thread is running now (it ends when idle and starts again on the next change). */
  running(): boolean
  /** Ends the worker after a last checkpoint, its connection closed (before the main connection closes). */
  stop(): Promise<void>
}

/**
 * Checkpoints of a SQLite file database on a thread of their own (docs/decisions/0083): the main connection's
 * automatic checkpoint runs inside whichever commit crosses its mark and blocks the event loop while it copies
 * the log's pages (every shopper's request waits), so it is left a backstop there and this worker, with its own
 * connection, keeps the log copied and restarted. The thread runs only while there is something to copy
 * (docs/decisions/0096): a change in the main connection's count of changed rows, read every WATCH_MS, starts
 * it; IDLE_MS with every frame copied ends it. A thread is a whole JavaScript engine, about 11 MB resident; a
 * shop that is only browsed holds none.
 */
export function startCheckpointer(
  file: string,
  main: DatabaseSync,
  options: { idleMs?: number } = {},
): Checkpointer {
  const changes = main.prepare('select total_changes() as n')
  const changed = () => Number((changes.get() as { n: number }).n)
  const idleTicks = Math.max(1, Math.ceil((options.idleMs ?? IDLE_MS) / EVERY_MS))
  let thread: { worker: Worker; exited: Promise<void> } | undefined
  const start = () => {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { file, idleTicks },
      resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 1 },
    })
    // The worker never keeps the process alive; an error there ends it and leaves the log to the connection's
    // backstop until the next change starts another.
    worker.unref()
    worker.on('error', () => undefined)
    const started = {
      worker,
      exited: new Promise<void>((resolve) =>
        worker.once('exit', () => {
          if (thread === started) thread = undefined
          resolve()
        }),
      ),
    }
    thread = started
  }
  // Rows the main connection changed since the last look. Frames a previous process left in the log are copied
  // along with the first change: until then readers find them in the log, as SQLite means them to.
  let seen = changed()
  const watch = () => {
    let now: number
    try {
      now = changed()
    } catch {
      // The main connection was closed without stop() (Kysely destroyed directly): nothing more to watch.
      clearInterval(watcher)
      return
    }
    if (now === seen) return
    seen = now
    if (!thread) start()
  }
  const watcher = setInterval(watch, WATCH_MS)
  watcher.unref()
  return {
    running: () => thread !== undefined,
    stop: async () => {
      clearInterval(watcher)
      const current = thread
      if (!current) return
      current.worker.ref()
      current.worker.postMessage('stop')
      await current.exited
    },
  }
}
