import { Worker } from 'node:worker_threads'

/** How often the checkpointer copies what the write-ahead log gained into the database file. */
const EVERY_MS = 50
/**
 * A log of this many frames (4 KB pages: 16 MB) is restarted once copied: under a steady write load there may never
 * be a moment when it is all copied before the next commit, which is when SQLite starts it again on its own.
 */
const RESTART_FRAMES = 4096

/**
 * The worker, as plain JavaScript evaluated in its thread: a TypeScript module would load the type stripper
 * there too, about 10 MB more resident memory. A PASSIVE checkpoint every EVERY_MS copies the frames no reader
 * still needs, never waits for a lock and never blocks the main connection. RESTART takes the writer's lock
 * without waiting (timeout 0) and copies what came since the PASSIVE one just before it: a writer of the main
 * connection waits a millisecond or two for it, once per RESTART_FRAMES. A busy or locked file: the next tick
 * tries again. On 'stop': a last PASSIVE checkpoint, the connection closed, the thread ends.
 */
const WORKER = `
const { DatabaseSync } = require('node:sqlite')
const { parentPort, workerData } = require('node:worker_threads')
const db = new DatabaseSync(workerData.file, { timeout: 0 })
const passive = db.prepare('PRAGMA wal_checkpoint(PASSIVE)')
const restart = db.prepare('PRAGMA wal_checkpoint(RESTART)')
const timer = setInterval(() => {
  try {
    if (passive.get().log >= ${RESTART_FRAMES}) restart.get()
  } catch {}
}, ${EVERY_MS})
parentPort.on('message', () => {
  clearInterval(timer)
  try {
    passive.get()
  } finally {
    db.close()
    parentPort.close()
  }
})
`

export interface Checkpointer {
  /** Ends the worker after a last checkpoint, its connection closed (before the main connection closes). */
  stop(): Promise<void>
}

/**
 * Checkpoints of a SQLite file database on a thread of their own (docs/decisions/0083): the main connection's
 * automatic checkpoint runs inside whichever commit crosses its mark and blocks the event loop while it copies
 * the log's pages (every shopper's request waits), so it is switched off there and this worker, with its own
 * connection, keeps the log copied and restarted.
 */
export function startCheckpointer(file: string): Checkpointer {
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { file },
    resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 1 },
  })
  // The worker never keeps the process alive; an error there ends it and leaves the log to the connection's backstop.
  worker.unref()
  worker.on('error', () => undefined)
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
  return {
    stop: () => {
      worker.ref()
      worker.postMessage('stop')
      return exited
    },
  }
}
