import type { FastifyInstance } from 'fastify'

interface InFlight {
  count: number
  waiters: Array<() => void>
}

const trackers = new WeakMap<FastifyInstance, InFlight>()

/**
 * Counts the route handlers still running. A handler keeps running after its client has gone (the socket
 * closes, `app.close()` resolves, the handler is still between two statements), so closing the database
 * right after `app.close()` made those handlers fail with "driver has already been destroyed". Must be
 * called before any route is registered (it wraps handlers as they are added).
 */
export function trackInFlight(app: FastifyInstance): void {
  const state: InFlight = { count: 0, waiters: [] }
  trackers.set(app, state)
  const done = () => {
    state.count--
    if (state.count === 0) for (const wake of state.waiters.splice(0)) wake()
  }
  app.addHook('onRoute', (route) => {
    const handler = route.handler
    route.handler = function (this: FastifyInstance, request, reply) {
      state.count++
      let result: unknown
      try {
        result = handler.call(this, request, reply)
      } catch (error) {
        done()
        throw error
      }
      if (result instanceof Promise) return result.finally(done)
      done()
      return result
    }
  })
}

/** Resolves when no tracked handler is running, or after `timeoutMs` at the latest. */
export function whenIdle(app: FastifyInstance, timeoutMs: number): Promise<void> {
  const state = trackers.get(app)
  if (!state || state.count === 0) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs)
    state.waiters.push(() => {
      clearTimeout(timer)
      resolve()
    })
  })
}
