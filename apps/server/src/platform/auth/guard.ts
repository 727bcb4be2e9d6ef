import type { FastifyRequest } from 'fastify'
import type { Db } from '../db/database.ts'
import { forbidden, unauthorized } from '../http/errors.ts'
import { type Principal, resolveToken, TOKEN_COOKIE } from './tokens.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Reads the caller's token from the Authorization header or, for the storefront in a browser, from the
 * HttpOnly cookie. A cookie-authenticated write must come from the shop's own origin (no cross-site forms).
 */
export async function authenticate(db: Db, request: FastifyRequest): Promise<Principal> {
  const { token, bearer } = requestToken(request)
  if (!token) throw unauthorized()
  if (!bearer && !SAFE_METHODS.has(request.method) && !isSameOrigin(request)) {
    throw forbidden('Cross-site request refused')
  }
  const principal = await resolveToken(db, token)
  if (!principal) throw unauthorized('The access token is invalid or has expired')
  return principal
}

/** The caller's token: the bearer header wins over the storefront's cookie. */
export function requestToken(request: FastifyRequest): { token: string | undefined; bearer: boolean } {
  const header = request.headers.authorization
  const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined
  return { token: bearer || request.cookies?.[TOKEN_COOKIE] || undefined, bearer: Boolean(bearer) }
}

/** Like authenticate, but a missing or invalid token is simply no principal (sign-in lends the session id). */
export async function optionalPrincipal(
  db: Db,
  request: FastifyRequest,
): Promise<{ principal: Principal; token: string } | null> {
  const { token } = requestToken(request)
  if (!token) return null
  const principal = await resolveToken(db, token)
  return principal ? { principal, token } : null
}

/** A principal that is a signed-in customer; anonymous tokens get 401 (the storefront opens sign-in). */
export async function authenticateCustomer(
  db: Db,
  request: FastifyRequest,
): Promise<Principal & { customerId: string }> {
  const principal = await authenticate(db, request)
  if (principal.customerId === null) throw unauthorized('Sign in to access your account')
  return principal as Principal & { customerId: string }
}

/** Cookie-authenticated writes must come from the shop's own origin (docs/decisions/0003-tokens.md). */
export function assertSameOriginForCookieWrite(request: FastifyRequest): void {
  const { token, bearer } = requestToken(request)
  if (token && !bearer && !SAFE_METHODS.has(request.method) && !isSameOrigin(request)) {
    throw forbidden('Cross-site request refused')
  }
}

/**
 * Sign-in and sign-up set the token cookie, so a cross-site form must not be able to post them (login CSRF):
 * a request a browser marks as coming from another site is refused; non-browser clients send neither header.
 */
export function refuseCrossSite(request: FastifyRequest): void {
  const site = request.headers['sec-fetch-site']
  const origin = request.headers.origin
  if ((site && site !== 'same-origin' && site !== 'none') || (!site && origin && !isSameOrigin(request))) {
    throw forbidden('Cross-site request refused')
  }
}

function isSameOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site']
  if (site) return site === 'same-origin' || site === 'none'
  const origin = request.headers.origin
  if (!origin) return false
  try {
    return new URL(origin).host === request.headers.host
  } catch {
    return false
  }
}
