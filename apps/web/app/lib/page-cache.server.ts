import { SESSION_ID_LENGTH } from '@shop/contracts/auth'
import { DEVICE_COOKIE, USER_COOKIE } from '../features/auth/session-user.server.ts'
import { parseCookies } from './cookies.server.ts'

/** The public pages: home, a category (or all products), a product. */
const PUBLIC_PAGE = /^\/(?:c\/[^/]+|p\/[^/]+)?$/

/**
 * Cookies that say who the shopper is without changing what a public page shows: the anonymous token and session,
 * and the device token of the sign-in throttle. Every other cookie (site, language, consent, and any a later
 * feature adds) is part of the key, so a page is never shared across what a cookie may change.
 */
const IDENTITY_ONLY = new Set(['shop_token', 'session_id', DEVICE_COOKIE])

/**
 * The query parameters a public page reads: the language, and a category's page, sort and "show more" cursor. An
 * address with any other parameter (a campaign's tag, a cache-buster, a random string) is rendered but not kept,
 * so such addresses cannot fill the cache and push out the pages shoppers ask for. A page that starts reading a new
 * parameter must add it here, or its addresses with that parameter are simply not kept.
 */
const KEPT_PARAMS = new Set(['lang', 'page', 'sort', 'append', 'after'])

/** What the key is made of: the request's method, its absolute address and its Cookie header. */
export interface PageRequest {
  method: string
  url: string
  cookie: string | null
}

/**
 * The server's page cache asks this before rendering (docs/decisions/0040), with only what the key is made of (a
 * hit builds no Fetch request): the key under which the page of this
 * request is the same for everybody who sends it, or null when it is not to be kept. Kept: GET of a public page
 * by a returning shopper (token and session cookies already set, so the render sets none) with no cart and
 * nobody signed in, at an address with only the parameters a page reads. The key is the address (origin, path, query) and every cookie but the identity-only ones;
 * the server keeps a page only when every API answer it was built from is public.
 */
export function pageCacheKey(request: PageRequest): string | null {
  if (request.method !== 'GET') return null
  const url = new URL(request.url)
  if (!PUBLIC_PAGE.test(url.pathname)) return null
  for (const name of url.searchParams.keys()) if (!KEPT_PARAMS.has(name)) return null
  const cookies = parseCookies(request.cookie)
  if (!cookies.shop_token || cookies.session_id?.length !== SESSION_ID_LENGTH) return null
  if (cookies.cart_id || cookies[USER_COOKIE]) return null
  const varying = Object.entries(cookies)
    .filter(([name]) => !IDENTITY_ONLY.has(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return JSON.stringify([url.origin, url.pathname, url.search, varying])
}
