import { randomUUID } from 'node:crypto'
import { type FastifyInstance, LogController } from 'fastify'

/** Request ids: a client's X-Request-Id is kept only behind a trusted proxy (which sets it), else a new one. */
export function requestIds(trustProxy: boolean) {
  return {
    requestIdHeader: trustProxy ? 'x-request-id' : false,
    genReqId: () => randomUUID(),
    logController: new LogController({ disableRequestLogging: true }),
  } as const
}

/**
 * One structured line per answered request (Fastify's own two lines are off): id, method, URL, route pattern,
 * status and time. The id goes back in X-Request-Id, so a shopper's error screen and the log meet on it.
 */
export function logRequests(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id)
    done()
  })
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode
    const line = {
      method: request.method,
      url: request.url,
      route: request.routeOptions.url,
      status,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    }
    if (status >= 500) request.log.error(line, 'request failed')
    else request.log.info(line, 'request')
    done()
  })
}
