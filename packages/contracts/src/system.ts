import { z } from 'zod'
import { endpoint, errors, text } from './endpoint.ts'

export const HealthSchema = z.object({ status: z.literal('ok') })

/** Ready: the database answers and every migration has run; not ready while starting or stopping. */
export const ReadinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({ database: z.boolean(), migrations: z.boolean(), accepting: z.boolean() }),
})

/** The shop's own housekeeping calls: neither is in the OpenAPI document. */
export const systemApi = {
  /** For load balancers and start-up scripts: the process answers. */
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    tags: ['system'],
    hide: true,
    responses: { 200: HealthSchema },
  }),
  /** Liveness for load balancers and orchestrators: the process answers (no dependency is checked). */
  live: endpoint({
    method: 'GET',
    path: '/health',
    tags: ['system'],
    hide: true,
    responses: { 200: HealthSchema },
  }),
  /** Readiness: send traffic here? 503 while the database does not answer, migrations are missing or it stops. */
  ready: endpoint({
    method: 'GET',
    path: '/ready',
    tags: ['system'],
    hide: true,
    responses: { 200: ReadinessSchema, 503: ReadinessSchema },
  }),
  /**
   * Prometheus metrics (text exposition format): to clients on this machine, or with `Authorization: Bearer`
   * METRICS_TOKEN when that is set; anyone else gets 404.
   */
  metrics: endpoint({
    method: 'GET',
    path: '/metrics',
    tags: ['system'],
    hide: true,
    responses: { 200: text('text/plain', 'Prometheus text exposition format 0.0.4'), ...errors(404) },
  }),
  /** The OpenAPI 3.1 document of every call that is not hidden (browsable at /api/docs). */
  openApi: endpoint({
    method: 'GET',
    path: '/api/openapi.json',
    tags: ['system'],
    hide: true,
    responses: { 200: z.record(z.string(), z.unknown()) },
  }),
}
