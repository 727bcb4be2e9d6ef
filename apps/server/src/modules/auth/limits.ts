import type { AppContext } from '../../platform/http/context.ts'

/** The rate limits of an identity action: per client address and, when the account is known, per account. */
export function limitsFor(ctx: AppContext, action: string, clientAddress: string, email?: string) {
  return [
    { key: `${action}:address:${clientAddress}`, limit: ctx.config.rateLimitPerAddress },
    ...(email ? [{ key: `${action}:account:${email}`, limit: ctx.config.rateLimitPerAccount }] : []),
  ]
}
