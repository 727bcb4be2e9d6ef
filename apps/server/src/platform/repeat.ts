/**
 * A background job of a running shop (checkout recovery sweep, tracking retention purge, SQLite statistics):
 * `job` every `everyMs` until the returned function is called. Never two runs at once (a tick during a slow run
 * is skipped); a failure goes to `onError` and the next tick still comes; the timer does not keep the process
 * alive.
 */
export function repeat(job: () => Promise<unknown>, everyMs: number, onError: (error: unknown) => void) {
  let running = false
  const timer = setInterval(async () => {
    if (running) return
    running = true
    try {
      await job()
    } catch (error) {
      onError(error)
    } finally {
      running = false
    }
  }, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}
