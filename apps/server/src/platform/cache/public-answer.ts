import type { FastifyReply } from 'fastify'
import type { CacheScope } from './versions.ts'

/**
 * The header that marks an answer as the same for every shopper who sends the same request: the scope whose
 * writes change it (`static` for what only a deployment changes) and, when known, the instant past which it is
 * old whatever the version (`until=<ms>`: a price that starts or ends then). The storefront's page cache keeps
 * a rendered page only when every answer it was built from carries it (docs/decisions/0040-page-cache.md).
 */
export const PUBLIC_ANSWER_HEADER = 'x-shop-public'

export type PublicScope = CacheScope | 'static'

export interface PublicAnswer {
  scope: PublicScope
  until: number
}

/** Marks the reply as a public answer of `scope`. */
export function markPublic(reply: FastifyReply, scope: PublicScope, until = Number.POSITIVE_INFINITY): void {
  void reply.header(PUBLIC_ANSWER_HEADER, Number.isFinite(until) ? `${scope};until=${until}` : scope)
}

const SCOPES = new Set<string>(['catalogue', 'settings', 'static'])

/** The marker of an answer, or undefined when it has none (or one this version does not know). */
export function readPublic(value: string | string[] | number | undefined): PublicAnswer | undefined {
  if (typeof value !== 'string') return undefined
  const [scope = '', until] = value.split(';until=')
  if (!SCOPES.has(scope)) return undefined
  const instant = until === undefined ? Number.POSITIVE_INFINITY : Number(until)
  return Number.isNaN(instant) ? undefined : { scope: scope as PublicScope, until: instant }
}
