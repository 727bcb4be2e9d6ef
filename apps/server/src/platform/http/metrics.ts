import type { FastifyInstance } from 'fastify'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'

/**
 * Prometheus metrics of one app (prom-client, a registry per app so several apps in one test process stay
 * apart): request rate and latency per route pattern (never per URL: no cardinality blow-up), the process's
 * own figures (memory, CPU, event loop), and what the modules add (orders, mail waiting, database pool).
 */
export interface Metrics {
  registry: Registry
  ordersPlaced: Counter
  ordersFailed: Counter<'type'>
  /** A gauge read at scrape time from `collect` (mail waiting, the database pool). */
  gauge(
    name: string,
    help: string,
    labels: string[],
    collect: () => Promise<Array<[Record<string, string>, number]>>,
  ): void
}

export function createMetrics(): Metrics {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: 'shop_' })
  return {
    registry,
    ordersPlaced: new Counter({
      name: 'shop_orders_placed_total',
      help: 'Orders placed (written and paid)',
      registers: [registry],
    }),
    ordersFailed: new Counter({
      name: 'shop_orders_failed_total',
      help: 'Order requests refused or failed, by error type (out_of_stock, card_declined, total_changed, …)',
      labelNames: ['type'],
      registers: [registry],
    }),
    gauge(name, help, labelNames, collect) {
      new Gauge({
        name,
        help,
        labelNames,
        registers: [registry],
        async collect() {
          this.reset()
          for (const [labels, value] of await collect()) this.set(labels, value)
        },
      })
    },
  }
}

/** Counts every answer and its duration by method, route pattern and status class. */
export function measureRequests(app: FastifyInstance, metrics: Metrics): void {
  const requests = new Counter({
    name: 'shop_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers: [metrics.registry],
  })
  const duration = new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'Time to answer, by method and route pattern',
    labelNames: ['method', 'route'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [metrics.registry],
  })
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched'
    const labels = { method: request.method, route }
    requests.inc({ ...labels, status: String(reply.statusCode) })
    duration.observe(labels, reply.elapsedTime / 1000)
    done()
  })
}
