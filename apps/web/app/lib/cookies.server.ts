/** Minimal cookie helpers: the storefront's cookies hold plain values (tokens, ids, codes), no signing. */
export function parseCookies(header: string | null): Record<string, string> {
  const out: Record<string, string> = {}
  if (!header) return out
  for (const part of header.split(';')) {
    const index = part.indexOf('=')
    if (index < 0) continue
    const name = part.slice(0, index).trim()
    const value = part.slice(index + 1).trim()
    if (!(name in out)) {
      try {
        out[name] = decodeURIComponent(value)
      } catch {
        out[name] = value
      }
    }
  }
  return out
}

export interface CookieOptions {
  maxAge: number
  httpOnly?: boolean
  secure?: boolean
}

export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    `Max-Age=${options.maxAge}`,
    'SameSite=Lax',
  ]
  if (options.httpOnly) parts.push('HttpOnly')
  if (options.secure) parts.push('Secure')
  return parts.join('; ')
}

/** Spec §9 lifetimes. */
export const COOKIE_LIFETIME = {
  siteAndLanguage: 100_000,
  sessionId: 20 * 365 * 24 * 60 * 60,
  cart: 30 * 24 * 60 * 60,
} as const
