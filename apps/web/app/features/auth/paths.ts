/** Only same-site paths are followed after sign-in (no open redirect). */
export function safeReturnTo(value: unknown, fallback = '/'): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : fallback
}

/** Screens that need a customer: signing out there goes home (spec §6). */
export function isProtectedPath(path: string): boolean {
  return /^\/(account|checkout)(\/|$|\?)/.test(path)
}

/**
 * The page a request is for, as a path to come back to: a client-side navigation asks for the loader data
 * at `/checkout.data` (or `/_root.data` for home) with a `_routes` parameter; neither belongs in `returnTo`.
 */
export function pagePath(url: URL): string {
  let path = url.pathname
  if (path === '/_root.data') path = '/'
  else if (path.endsWith('.data')) path = path.slice(0, -'.data'.length)
  const params = new URLSearchParams(url.search)
  params.delete('_routes')
  const query = params.toString()
  return query ? `${path}?${query}` : path
}
