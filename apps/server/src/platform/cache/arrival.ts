import { AsyncLocalStorage } from 'node:async_hooks'
import type { FastifyInstance } from 'fastify'

/** When the request being served arrived, and whether it is over or wrote a scope (docs/decisions/0092). */
interface Arrival {
  at: number
  /** The request wrote a scope, or was answered: from then on its reads (and work it left behind) look fresh. */
  over: boolean
  /** The request this one was made in-process for, if any. */
  outer?: Arrival
}

const arrivals = new AsyncLocalStorage<Arrival>()

/**
 * Runs `rest` (the rest of a request's life: its hooks, its handler, its render) as a request that arrived now.
 * A request made in-process while serving another (a page's loader calling the API) is part of that one: it
 * counts from when the outer request arrived, so the page's calls share its reads.
 */
export function arrive(rest: () => void): void {
  const outer = arrivals.getStore()
  const at = outer && !outer.over ? outer.at : performance.now()
  arrivals.run({ at, over: false, outer }, rest)
}

/** The request being served was answered: work it left running (a nudged worker) reads fresh from then on. */
export function answered(): void {
  const arrival = arrivals.getStore()
  if (arrival) arrival.over = true
}

/**
 * When the request being served arrived (`performance.now()`), if a read started since then may stand for its
 * reads: undefined outside a request, after it was answered, and after it wrote a scope.
 */
export function arrivedAt(): number | undefined {
  const arrival = arrivals.getStore()
  return arrival && !arrival.over ? arrival.at : undefined
}

/**
 * The request being served wrote a scope: its later reads must see the write, so they read again; so do those of
 * the request it was made for (a page whose action saved, then whose loaders read).
 */
export function wroteScope(): void {
  for (let arrival = arrivals.getStore(); arrival; arrival = arrival.outer) arrival.over = true
}

/**
 * Hooks the app so that every request runs as arrived when its headers were read (first of all its hooks), and is
 * over once answered.
 */
export function trackArrivals(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, _reply, done) => arrive(done))
  app.addHook('onResponse', (_request, _reply, done) => {
    answered()
    done()
  })
}
