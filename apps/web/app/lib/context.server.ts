import type { Site } from '@shop/contracts/site'
import { createContext, RouterContextProvider } from 'react-router'
import type { Language } from '../i18n/index.ts'
import type { ApiClient } from './api.ts'

/** What the hosting server gives the storefront: an in-process fetch to the API and two settings. */
export interface ServerDeps {
  /** A fetch that reaches the shop API (in the shop process it goes through Fastify's inject, no socket). */
  fetch: typeof globalThis.fetch
  /** Origin the API paths are resolved against. */
  apiBaseUrl: string
  production: boolean
  /** Social sign-in's server-side settings (secrets never reach the browser); from the shop's validated config. */
  social: SocialSecrets
  /** The hosting server's id of this request (its log line and X-Request-Id carry the same). */
  requestId?: string
}

export interface SocialSecrets {
  googleClientSecret?: string
  facebookAppSecret?: string
  facebookDialogUrl: string
}

/** Per request: the shopper's session, the current site and an API client carrying the shopper's token. */
export interface ShopSession {
  api: ApiClient
  site: Site
  sites: Site[]
  language: Language
  cartId: string | undefined
  setCartId(cartId: string | undefined): void
  setCookie(name: string, value: string, options: { maxAge: number; httpOnly?: boolean }): void
}

export const serverDepsContext = createContext<ServerDeps>()
export const sessionContext = createContext<ShopSession>()

export function createLoadContext(deps: ServerDeps): RouterContextProvider {
  return new RouterContextProvider(new Map([[serverDepsContext, deps]]))
}

export function getSession(context: Readonly<RouterContextProvider>): ShopSession {
  return context.get(sessionContext)
}
