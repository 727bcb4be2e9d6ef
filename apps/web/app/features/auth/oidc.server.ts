/**
 * Google sign-in as a standard OpenID Connect authorization-code redirect (the Google SDK is not used): the
 * storefront server sends the shopper to the issuer's authorization endpoint (from its discovery document),
 * exchanges the returned code for an ID token at the token endpoint, and hands the ID token to
 * POST /api/auth/login/google, which verifies it. Works against Google and any OIDC server (tests: loopback).
 */
export interface OidcEndpoints {
  authorization_endpoint: string
  token_endpoint: string
}

export async function discover(issuer: string): Promise<OidcEndpoints> {
  const response = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`)
  if (!response.ok) throw new Error(`OpenID discovery failed (${response.status})`)
  return (await response.json()) as OidcEndpoints
}

export const STATE_COOKIE = 'oidc_state'

export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24))
  return Buffer.from(bytes).toString('base64url')
}

export async function exchangeCode(
  endpoints: OidcEndpoints,
  input: { code: string; redirectUri: string; clientId: string; verifier: string; secret?: string },
): Promise<string> {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code: input.code,
    redirect_uri: input.redirectUri,
    client_id: input.clientId,
    code_verifier: input.verifier,
  })
  // Google's web clients also need the secret; other issuers (and PKCE public clients) do without.
  if (input.secret) body.set('client_secret', input.secret)
  const response = await fetch(endpoints.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body,
  })
  if (!response.ok) throw new Error(`token exchange failed (${response.status})`)
  const tokens = (await response.json()) as { id_token?: string }
  if (!tokens.id_token) throw new Error('no id_token in the token response')
  return tokens.id_token
}

export async function pkceChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))
  return Buffer.from(digest).toString('base64url')
}

/** Trades a Facebook code for a user access token at the Graph API (needs the app secret, server-side only). */
export async function facebookToken(
  graphUrl: string,
  input: { code: string; redirectUri: string; clientId: string; secret?: string },
): Promise<string> {
  const secret = input.secret
  if (!secret) throw new Error('FACEBOOK_APP_SECRET is not set')
  const url = new URL(`${graphUrl.replace(/\/$/, '')}/oauth/access_token`)
  url.search = new URLSearchParams({
    client_id: input.clientId,
    redirect_uri: input.redirectUri,
    client_secret: secret,
    code: input.code,
  }).toString()
  const response = await fetch(url, { headers: { accept: 'application/json' } })
  if (!response.ok) throw new Error(`facebook token exchange failed (${response.status})`)
  const body = (await response.json()) as { access_token?: string }
  if (!body.access_token) throw new Error('no access_token from facebook')
  return body.access_token
}
