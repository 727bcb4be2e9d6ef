import type { FastifyInstance } from 'fastify'

interface InFlight {
  count: number
  waiters: Array<() => void>
  draining: boolean
}

const trackers = new WeakMap<FastifyInstance, InFlight>()

/**
 * Counts the route handlers still running. A handler keeps running after its client has gone (the socket
 * closes, `app.close()` resolves, the handler is still between two statements), so closing the database
 * right after `app.close()` made those handlers fail with "driver has already been destroyed". Must be
 * called before any route is registered (it wraps handlers as they are added).
 */
export function trackInFlight(app: FastifyInstance): void {
  const state: InFlight = { count: 0, waiters: [], draining: false }
  trackers.set(app, state)
  // While draining, every answer closes its connection: a keep-alive connection that falls idle after the
  // server began to close would otherwise hold the close open until its keep-alive timeout.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (state.draining) void reply.header('connection', 'close')
    done(null, payload)
  })
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

/**
 * The start of a normal stop: answers from now on close their connections, and connections that fall idle are
 * closed as they do, so `app.close()` ends when the last request in flight has been answered.
 */
export function startDraining(app: FastifyInstance): () => void {
  const state = trackers.get(app)
  if (state) state.draining = true
  const timer = setInterval(() => app.server.closeIdleConnections(), 100)
  timer.unref()
  return () => clearInterval(timer)
}

/** True once a normal stop has begun (readiness answers 503 so the load balancer sends nothing more). */
export const isDraining = (app: FastifyInstance) => trackers.get(app)?.draining ?? false
