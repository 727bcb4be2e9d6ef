/** Spec §2 base.search: `/search/<searchString>`. */
export function searchPath(query: string, params?: URLSearchParams): string {
  const qs = params?.toString()
  return `/search/${encodeURIComponent(query)}${qs ? `?${qs}` : ''}`
}
