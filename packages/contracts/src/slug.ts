/**
 * URL slugs of spec §2, shared by the API (category slugs, sitemap) and the storefront (links). No zod here:
 * the storefront imports values from this file, and schema files must stay out of its bundle.
 */
const TRANSLITERATIONS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' }

/**
 * Lowercase, every umlaut and ß transliterated, accents dropped, other punctuation removed, runs of spaces
 * and hyphens turned into one hyphen, non-ASCII letters percent-encoded. "Taschen & Rucksäcke" →
 * "taschen-rucksaecke".
 */
export function slugify(name: string): string {
  const words = name
    .toLowerCase()
    .replace(/[äöüß]/g, (c) => TRANSLITERATIONS[c] ?? c)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, ' ')
    .split(/[\s-]+/)
    .filter(Boolean)
  return encodeURIComponent(words.join('-'))
}

/** The URL segment of a category or product: `<slug>~<id>`; lookup uses only the id. */
export function segment(name: string, id: string): string {
  return `${slugify(name)}~${encodeURIComponent(id)}`
}

/** The id of a URL segment (the part after the last `~`), so a stale slug still resolves. */
export function idOfSegment(value: string): string {
  return value.slice(value.lastIndexOf('~') + 1)
}

/**
 * A category's or product's path in each language from its slugs (the API's `expand=slugs`): `/c/<slug>~<id>`
 * or `/p/<slug>~<id>`. A language the map leaves out reads the English name, so it takes the English path.
 */
export function localizedPaths(
  kind: 'c' | 'p',
  id: string,
  slugs: Record<string, string> | undefined,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(slugs ?? {}).map(([language, slug]) => [
      language,
      `/${kind}/${slug}~${encodeURIComponent(id)}`,
    ]),
  )
}
