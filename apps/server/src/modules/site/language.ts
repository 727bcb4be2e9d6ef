/**
 * The first language of an Accept-Language header (by q weight, then order) that the site supports,
 * e.g. `de;q=1,en;q=0.5` → de. Region subtags are ignored (de-CH → de). Undefined when none matches.
 */
export function pickLanguage(header: string | undefined, supported: string[]): string | undefined {
  if (!header) return undefined
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      const weight = q ? Number(q.slice(2)) : 1
      return {
        language: tag.trim().toLowerCase().split('-')[0] ?? '',
        weight: Number.isNaN(weight) ? 0 : weight,
        index,
      }
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
  return ranked.find((entry) => supported.includes(entry.language))?.language
}
