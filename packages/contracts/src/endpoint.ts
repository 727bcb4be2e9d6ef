import { z } from 'zod'
import { ErrorSchema } from './errors.ts'

/**
 * One call of the API, whole: the server registers its route from it, the OpenAPI document is generated from
 * that route, and the storefront's client builds the request and checks the answer with it
 * (docs/decisions/0027-whole-call-contracts.md).
 */
export interface Endpoint {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** Fastify's syntax: `/api/cart/carts/:cartId`. */
  readonly path: string
  readonly tags: readonly string[]
  readonly summary?: string
  readonly description?: string
  /** The call reads the shopper's token (bearer header, or the storefront's cookie). */
  readonly security?: 'bearer'
  readonly params?: z.ZodType
  readonly query?: z.ZodType
  readonly body?: z.ZodType
  readonly headers?: z.ZodType
  /** Every status the call answers with its body; a 500 internal_error can come from any call and is not listed. */
  readonly responses: Readonly<Record<number, Answer>>
  /** A list answered a page at a time: the total is in the x-total-count header. */
  readonly paged?: boolean
  /** Left out of the OpenAPI document (pages, development tools, the document itself). */
  readonly hide?: boolean
}

/** A JSON body, or bodies by media type for answers that are not JSON (XML, text, HTML). */
export type Answer =
  | z.ZodType
  | { readonly description?: string; readonly content: Readonly<Record<string, z.ZodType>> }

/** Declares a call; the identity, kept for its inferred literal type. */
/* @__NO_SIDE_EFFECTS__ */
export function endpoint<const E extends Endpoint>(call: E): E {
  return call
}

type Errors<S extends number> = { readonly [K in S]: typeof ErrorSchema }

/** The error answers of a call, all in the one error shape: `...errors(400, 401, 404)`. */
/* @__NO_SIDE_EFFECTS__ */
export function errors<const S extends readonly number[]>(...statuses: S): Errors<S[number]> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorSchema])) as Errors<S[number]>
}

/** An answer without a body (204); the description is what the OpenAPI document shows. */
/* @__NO_SIDE_EFFECTS__ */
export function noContent(description: string) {
  return z.null().describe(description)
}

/** A text answer of another media type (`application/xml`, `text/plain`, …; no parameters such as charset). */
/* @__NO_SIDE_EFFECTS__ */
export function text<const T extends string>(contentType: T, description?: string) {
  return { description, content: { [contentType]: z.string() } as { readonly [K in T]: z.ZodString } }
}

// In a module without zod, for browser code (docs/decisions/0071-first-load-javascript.md).
export { pathOf } from './path.ts'

// ---- Types the server's route helper and the storefront's client derive from a call ----

/** The schema of one part of the request, or undefined when the call has none. */
export type PartOf<E extends Endpoint, K extends 'params' | 'query' | 'body' | 'headers'> = E extends {
  readonly [P in K]: infer S extends z.ZodType
}
  ? S
  : undefined

type SuccessStatus = 200 | 201 | 202 | 204

type BodyOf<A> = A extends z.ZodType
  ? z.output<A>
  : A extends { readonly content: infer C }
    ? { [K in keyof C]: C[K] extends z.ZodType ? z.output<C[K]> : never }[keyof C]
    : never

/** What a successful answer carries (the union over the call's 2xx statuses). */
export type AnswerOf<E extends Endpoint> = BodyOf<
  E['responses'][Extract<keyof E['responses'], SuccessStatus>]
>

type InputPart<K extends string, S> = S extends z.ZodType
  ? object extends z.input<S>
    ? { readonly [P in K]?: z.input<S> }
    : undefined extends z.input<S>
      ? { readonly [P in K]?: z.input<S> }
      : { readonly [P in K]: z.input<S> }
  : { readonly [P in K]?: undefined }

/** What a caller sends: path parameters, query, body and headers, each required when its schema requires it. */
export type RequestOf<E extends Endpoint> = InputPart<'params', PartOf<E, 'params'>> &
  InputPart<'query', PartOf<E, 'query'>> &
  InputPart<'body', PartOf<E, 'body'>> &
  InputPart<'headers', PartOf<E, 'headers'>>
