import type { ApiError, ErrorDetail } from '@shop/contracts/errors'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'

/** An expected failure with its HTTP status and a §8 type code; thrown by services, shaped by the handler. */
export class AppError extends Error {
  readonly status: number
  readonly type: string
  readonly details: ErrorDetail[]
  /** Response headers that belong to the failure (Retry-After of a 429). */
  readonly headers: Record<string, string>
  constructor(
    status: number,
    type: string,
    message: string,
    details: ErrorDetail[] = [],
    headers: Record<string, string> = {},
  ) {
    super(message)
    this.status = status
    this.type = type
    this.details = details
    this.headers = headers
  }
}

export const badRequest = (type: string, message: string, details: ErrorDetail[] = []) =>
  new AppError(400, type, message, details)
export const unauthorized = (message = 'A valid access token is required') =>
  new AppError(401, 'unauthorized', message)
export const forbidden = (message = 'You are not authorized to access this resource!') =>
  new AppError(403, 'forbidden', message)
export const notFound = (what: string, id?: string) =>
  new AppError(404, 'not_found', id ? `${what} ${id} was not found` : `${what} was not found`)
export const conflict = (type: string, message: string, details: ErrorDetail[] = []) =>
  new AppError(409, type, message, details)

/** Fastify's own early failures (a URL it cannot decode, a malformed content type) in the same shape. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400
  const body: ApiError = {
    status,
    type: (error.code ?? 'bad_request').toLowerCase(),
    message: error.message,
    details: [],
  }
  void reply.status(status).send(body)
}

/** Installs the one error shape for every failure, including unknown routes and malformed bodies. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = toApiError(error)
    if (body.status >= 500) request.log.error({ err: error }, 'request failed')
    if (error instanceof AppError) void reply.headers(error.headers)
    void reply.status(body.status).send(body)
  })
  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send({
      status: 404,
      type: 'not_found',
      message: `No route ${request.method} ${request.url.split('?')[0]}`,
      details: [],
    } satisfies ApiError)
  })
}

function toApiError(error: FastifyError): ApiError {
  if (error instanceof AppError) {
    return { status: error.status, type: error.type, message: error.message, details: error.details }
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.map((issue) => ({
      field: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
      type: 'invalid',
      message: issue.message ?? 'invalid value',
    }))
    return { status: 400, type: 'validation_failed', message: 'The request is not valid', details }
  }
  if (isResponseSerializationError(error)) {
    return { status: 500, type: 'internal_error', message: 'Internal server error', details: [] }
  }
  const status = error.statusCode ?? 500
  if (status >= 400 && status < 500) {
    return { status, type: (error.code ?? 'bad_request').toLowerCase(), message: error.message, details: [] }
  }
  return { status: 500, type: 'internal_error', message: 'Internal server error', details: [] }
}
