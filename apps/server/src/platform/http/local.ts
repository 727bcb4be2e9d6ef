import type { FastifyRequest } from 'fastify'

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

/**
 * A client on this machine, judged by the socket itself (not by X-Forwarded-For, which anyone can send) and
 * never through a proxy: for what must not leave the machine (the development mailbox, metrics by default).
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  const remote = request.raw.socket?.remoteAddress ?? ''
  const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined
  return LOOPBACK.has(remote) && !proxied
}
