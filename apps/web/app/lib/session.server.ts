import { authApi, SESSION_ID_LENGTH } from '@shop/contracts/auth'
import { customerApi } from '@shop/contracts/customer'
import type { Endpoint } from '@shop/contracts/endpoint'
import type { Site } from '@shop/contracts/site'
import { data, type MiddlewareFunction, redirect } from 'react-router'
import { createRetryGuard, type RetryGuard, TOO_SOON_TO_RETRY } from '../features/auth/retry-guard.ts'
import { resolveLanguage } from '../i18n/index.ts'
import { type ApiClient, createApiClient } from './api.ts'
import { type ShopSession, serverDepsContext, sessionContext } from './context.server.ts'
import { COOKIE_LIFETIME, parseCookies, serializeCookie } from './cookies.server.ts'
import { STORE_CONFIG_FAILURE } from './shop.ts'

/** Spec §8: a 401 from sign-in or a password check is an answer (wrong password), not an expired token to replace. */
const NO_TOKEN_RETRY = [
  authApi.login,
  authApi.socialLogin,
  authApi.signup,
  authApi.signupAfterOrder,
  authApi.requestPasswordReset,
  authApi.updatePassword,
  authApi.changePassword,
  customerApi.requestEmailChange,
  customerApi.confirmEmailChange,
]

/** Whether a URL is one of the endpoint's (its path with any parameter values). */
function answersAt(endpoint: Endpoint, url: string): boolean {
  const pattern = endpoint.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+')
  return new RegExp(`^${pattern}$`).test(new URL(url).pathname)
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(SESSION_ID_LENGTH))
  return Array.from(bytes, (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join('')
}

/** The `reason` of the 404 thrown when no anonymous token can be had (spec §8). */
export const ANONYMOUS_LOGIN_FAILURE = 'anonymous-login'

/** Spec §8: a second 401 retry of the same URL within 10 s goes to the errors state 401. */
export const TOO_SOON_PATH = '/errors/401'

/**
 * Root server middleware: makes sure the shopper has an anonymous token (spec §6), picks the site and
 * language from their cookies (spec §4 "Config initialised once"), and gives loaders an API client.
 * A 401 from the API (expired or revoked token) gets one fresh anonymous token and a retry (spec §8); the
 * token is obtained before any loader runs, and concurrent 401s of one request share one anonymous login
 * (spec §4 "requests made before a token exists are queued and released when it arrives"). A second retry
 * of the same URL within 10 s is refused ('Too soon to retry') and the page becomes a redirect to the
 * errors state 401.
 */
export function createSessionMiddleware(
  guard: RetryGuard = createRetryGuard(),
): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    const deps = context.get(serverDepsContext)
    const cookies = parseCookies(request.headers.get('cookie'))
    const setCookies: string[] = []
    const setCookie: ShopSession['setCookie'] = (name, value, options) => {
      setCookies.push(
        serializeCookie(name, value, { ...options, secure: deps.production && options.httpOnly }),
      )
      // After sign-in (or sign-out) the rest of this request talks to the API with the new token (or none).
      if (name === 'shop_token') token = value || undefined
    }

    let token: string | undefined = cookies.shop_token
    let sessionId =
      cookies.session_id && cookies.session_id.length === SESSION_ID_LENGTH ? cookies.session_id : ''
    const validate = !deps.production
    const bare = createApiClient({ fetch: deps.fetch, baseUrl: deps.apiBaseUrl, validate })
    async function login(): Promise<string> {
      if (!sessionId) {
        sessionId = newSessionId()
        setCookie('session_id', sessionId, { maxAge: COOKIE_LIFETIME.sessionId, httpOnly: true })
      }
      const result = await bare.anonymousLogin(sessionId)
      setCookie('shop_token', result.access_token, { maxAge: result.expires_in, httpOnly: true })
      return result.access_token
    }
    // One anonymous login at a time for this request: whoever needs a token while one is coming waits for it.
    let pendingLogin: Promise<string> | undefined
    function renewToken(): Promise<string> {
      pendingLogin ??= login().finally(() => {
        pendingLogin = undefined
      })
      return pendingLogin
    }
    let tooSoon = false
    const retryingFetch: typeof fetch = async (input, init) => {
      const response = await deps.fetch(input, init)
      const url = input instanceof Request ? input.url : String(input)
      if (response.status !== 401 || !token || NO_TOKEN_RETRY.some((call) => answersAt(call, url)))
        return response
      const used = new Headers(init?.headers).get('authorization')?.replace(/^Bearer /, '')
      // Replace the token unless a concurrent request of this page already did.
      const fresh = used === token || !used ? await renewToken() : token
      if (!guard.allow(`${sessionId} ${init?.method ?? 'GET'} ${url}`)) {
        console.warn(`${TOO_SOON_TO_RETRY}: ${url}`)
        tooSoon = true
        return response
      }
      const headers = new Headers(init?.headers)
      headers.set('authorization', `Bearer ${fresh}`)
      return deps.fetch(input, { ...init, headers })
    }

    if (!token) {
      // Spec §8: an anonymous login that fails goes to the error screen with 404.
      token = await renewToken().catch((error: unknown) => {
        console.error(error)
        throw data({ reason: ANONYMOUS_LOGIN_FAILURE, language: resolveLanguage(cookies.language) }, 404)
      })
    }

    const { site, sites } = await loadSite(bare, cookies.site)
    // `?lang=` (the hreflang alternates, ADR 0006) wins over the cookie for this one page, without storing it.
    const wanted = new URL(request.url).searchParams.get('lang') ?? cookies.language ?? site.defaultLanguage
    const language = resolveLanguage(wanted, site.languages)
    let cartId = cookies.cart_id || undefined

    const api = createApiClient({
      fetch: retryingFetch,
      baseUrl: deps.apiBaseUrl,
      getToken: () => token,
      language,
      siteCode: site.code,
      currency: site.currency,
      validate,
    })
    context.set(sessionContext, {
      api,
      site,
      sites,
      language,
      get cartId() {
        return cartId
      },
      setCartId(next) {
        cartId = next
        setCookie('cart_id', next ?? '', { maxAge: next ? COOKIE_LIFETIME.cart : 0, httpOnly: true })
      },
      setCookie,
    })

    const response = await next()
    if (tooSoon && !new URL(request.url).pathname.startsWith(TOO_SOON_PATH)) {
      const refused = redirect(TOO_SOON_PATH)
      for (const cookie of setCookies) refused.headers.append('set-cookie', cookie)
      throw refused
    }
    for (const cookie of setCookies) response.headers.append('set-cookie', cookie)
    return response
  }
}

export const sessionMiddleware = createSessionMiddleware()

/**
 * Spec §4 config initialisation: the stored site if it still exists, else the default (or first) site, with its
 * details. Any failure is the store-configuration failure of spec §8, which the root error boundary shows as its alert.
 */
async function loadSite(api: ApiClient, stored: string | undefined): Promise<{ site: Site; sites: Site[] }> {
  try {
    const sites = await api.sites()
    const code =
      sites.find((s) => s.code === stored)?.code ?? sites.find((s) => s.default)?.code ?? sites[0]?.code
    if (!code) throw new Error('no site configured')
    return { site: await api.site(code), sites }
  } catch (error) {
    console.error(error)
    throw data({ reason: STORE_CONFIG_FAILURE }, 503)
  }
}
