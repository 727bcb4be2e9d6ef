import type { FastifyInstance } from 'fastify'

/** The shop owner's status move of an order (`POST /api/owner/orders/:id/transitions`) with `headers`. */
export const ownerMove = (
  app: FastifyInstance,
  headers: Record<string, string>,
  orderId: string,
  status: string,
) =>
  app.inject({
    method: 'POST',
    url: `/api/owner/orders/${orderId}/transitions`,
    headers,
    payload: { status },
  })
