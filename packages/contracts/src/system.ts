import { z } from 'zod'
import { endpoint } from './endpoint.ts'

export const HealthSchema = z.object({ status: z.literal('ok') })

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
  /** The OpenAPI 3.1 document of every call that is not hidden (browsable at /api/docs). */
  openApi: endpoint({
    method: 'GET',
    path: '/api/openapi.json',
    tags: ['system'],
    hide: true,
    responses: { 200: z.record(z.string(), z.unknown()) },
  }),
}
