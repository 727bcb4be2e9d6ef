import { TOTAL_COUNT_HEADER } from '@shop/contracts/common'
import type { FastifyInstance } from 'fastify'

/** Every list answered by the plugin carries its total (a list without paging: its length); paged lists set it themselves. */
export function countLists(app: FastifyInstance): void {
  app.addHook('preSerialization', async (_req, reply, payload) => {
    if (Array.isArray(payload) && !reply.hasHeader(TOTAL_COUNT_HEADER)) {
      void reply.header(TOTAL_COUNT_HEADER, String(payload.length))
    }
    return payload
  })
}
