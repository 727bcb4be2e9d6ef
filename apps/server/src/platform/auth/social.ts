import { createRemoteJWKSet, jwtVerify } from 'jose'
import type { Config } from '../config.ts'

/** What a provider vouches for after verifying its token. */
export interface SocialIdentity {
  subject: string
  email: string | undefined
  emailVerified: boolean
  firstName: string
  lastName: string
}

export class SocialLoginFailed extends Error {}

const jwksCache = new Map<string, ReturnType<typeof createRemoteJWKSet>>()

async function fetchJson(url: string, timeoutMs = 5000): Promise<unknown> {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) })
  if (!response.ok) throw new SocialLoginFailed(`${new URL(url).pathname} answered ${response.status}`)
  return response.json()
}

/** The issuer's JWKS address from its discovery document, remembered per issuer. */
async function jwksFor(issuer: string) {
  let jwks = jwksCache.get(issuer)
  if (!jwks) {
    const discovery = (await fetchJson(`${issuer}/.well-known/openid-configuration`)) as { jwks_uri?: string }
    if (!discovery.jwks_uri) throw new SocialLoginFailed('the issuer publishes no jwks_uri')
    jwks = createRemoteJWKSet(new URL(discovery.jwks_uri))
    jwksCache.set(issuer, jwks)
  }
  return jwks
}

/**
 * Google (OpenID Connect): the client sends the ID token; its signature is checked against the issuer's
 * JWKS, and issuer, audience (our client id) and expiry are enforced.
 */
export async function verifyGoogle(config: Config, idToken: string): Promise<SocialIdentity> {
  if (!config.googleClientId) throw new SocialLoginFailed('google sign-in is not configured')
  try {
    const { payload } = await jwtVerify(idToken, await jwksFor(config.googleIssuer), {
      issuer: config.googleIssuer,
      audience: config.googleClientId,
      algorithms: ['RS256', 'ES256', 'PS256'],
    })
    if (!payload.sub) throw new SocialLoginFailed('the ID token has no subject')
    return {
      subject: payload.sub,
      email: typeof payload.email === 'string' ? payload.email : undefined,
      emailVerified: payload.email_verified === true || payload.email_verified === 'true',
      firstName: typeof payload.given_name === 'string' ? payload.given_name : '',
      lastName: typeof payload.family_name === 'string' ? payload.family_name : '',
    }
  } catch (error) {
    if (error instanceof SocialLoginFailed) throw error
    throw new SocialLoginFailed(`the ID token was refused: ${(error as Error).message}`)
  }
}

/**
 * Facebook: the client sends a user access token. `debug_token` (with the app's own token) proves it was
 * issued to our app and is valid; `/me` gives the person. Facebook only returns confirmed e-mail addresses.
 */
export async function verifyFacebook(config: Config, accessToken: string): Promise<SocialIdentity> {
  const { facebookAppId: appId, facebookAppSecret: secret, facebookGraphUrl: graph } = config
  if (!appId || !secret) throw new SocialLoginFailed('facebook sign-in is not configured')
  const debug = new URL(`${graph}/debug_token`)
  debug.searchParams.set('input_token', accessToken)
  debug.searchParams.set('access_token', `${appId}|${secret}`)
  const check = ((await fetchJson(debug.toString())) as { data?: Record<string, unknown> }).data
  if (check?.is_valid !== true || String(check.app_id) !== appId) {
    throw new SocialLoginFailed('the access token is not valid for this app')
  }
  const me = new URL(`${graph}/me`)
  me.searchParams.set('fields', 'id,email,first_name,last_name')
  me.searchParams.set('access_token', accessToken)
  const person = (await fetchJson(me.toString())) as Record<string, unknown>
  if (typeof person.id !== 'string' || (check.user_id !== undefined && String(check.user_id) !== person.id)) {
    throw new SocialLoginFailed('the token and the person do not match')
  }
  return {
    subject: person.id,
    email: typeof person.email === 'string' ? person.email : undefined,
    emailVerified: typeof person.email === 'string',
    firstName: typeof person.first_name === 'string' ? person.first_name : '',
    lastName: typeof person.last_name === 'string' ? person.last_name : '',
  }
}
