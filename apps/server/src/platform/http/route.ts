import type { Answer, Endpoint, PartOf } from '@shop/contracts/endpoint'
import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'

/** A contract's answer as Fastify takes it: a schema, or `{ content: { [mediaType]: { schema } } }`. */
type RouteAnswer<A> = A extends z.ZodType
  ? A
  : A extends { readonly content: infer C }
    ? { description?: string; content: { [K in keyof C]: { schema: C[K] } } }
    : never

/** The Fastify schema of a call, typed so the zod type provider infers the request and the reply. */
export interface RouteSchema<E extends Endpoint> extends FastifySchema {
  params: PartOf<E, 'params'>
  querystring: PartOf<E, 'query'>
  body: PartOf<E, 'body'>
  headers: PartOf<E, 'headers'>
  response: { [S in keyof E['responses']]: RouteAnswer<E['responses'][S]> }
}

/** A handler of the call: request params, query, body and headers and the reply typed from the contract. */
export type Handler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  RouteSchema<E>,
  ZodTypeProvider
>

/** What a route may add to its contract: how the server treats it, not what the call is. */
export interface RouteOptions {
  logLevel?: RouteShorthandOptions['logLevel']
  bodyLimit?: number
  config?: Record<string, unknown>
}

/**
 * Registers the route of a call from its contract (packages/contracts): method, path, tags, security and
 * every schema come from there, so the validation, the serialization and the OpenAPI document do too.
 */
export function route<const E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
  options: RouteOptions = {},
): void {
  app.route({
    ...options,
    method: endpoint.method,
    url: endpoint.path,
    schema: routeSchema(endpoint),
    handler: handler as RouteHandlerMethod,
  })
}

/** The Fastify (and @fastify/swagger) schema of a contract; only the keys the contract sets. */
export function routeSchema(endpoint: Endpoint): FastifySchema & Record<string, unknown> {
  const schema: FastifySchema & Record<string, unknown> = {}
  if (endpoint.hide) schema.hide = true
  schema.tags = [...endpoint.tags]
  if (endpoint.summary) schema.summary = endpoint.summary
  if (endpoint.description) schema.description = endpoint.description
  if (endpoint.security) schema.security = [{ [endpoint.security]: [] }]
  if (endpoint.params) schema.params = endpoint.params
  if (endpoint.query) schema.querystring = endpoint.query
  if (endpoint.body) schema.body = endpoint.body
  if (endpoint.headers) schema.headers = endpoint.headers
  schema.response = Object.fromEntries(
    Object.entries(endpoint.responses).map(([status, answer]) => [status, routeAnswer(answer)]),
  )
  return schema
}

function routeAnswer(answer: Answer) {
  if ('_zod' in answer) return answer
  const content = Object.fromEntries(
    Object.entries(answer.content).map(([mediaType, schema]) => [mediaType, { schema }]),
  )
  return answer.description ? { description: answer.description, content } : { content }
}
