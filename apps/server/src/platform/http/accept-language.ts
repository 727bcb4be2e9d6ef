/**
 * The languages an Accept-Language header asks for, best first (`de;q=1,en;q=0.5` → de, en). Region subtags
 * are dropped (`de-AT` → de); q=0 excludes.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return []
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      const quality = q ? Number(q.slice(2)) : 1
      return { language: tag.trim().toLowerCase().split('-')[0] ?? '', quality, index }
    })
    .filter((l) => /^[a-z]{2,3}$/.test(l.language) && Number.isFinite(l.quality) && l.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((l) => l.language)
}

/** The first language of an Accept-Language header that is `supported`; undefined when none is. */
export function pickLanguage(header: string | undefined, supported: readonly string[]): string | undefined {
  return acceptedLanguages(header).find((language) => supported.includes(language))
}
