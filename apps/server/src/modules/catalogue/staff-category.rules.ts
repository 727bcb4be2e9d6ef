import type { ErrorDetail } from '@shop/contracts/errors'

/**
 * The rules of a category edit beyond the contract's shapes (pure; docs/decisions/0049-staff-categories.md): one
 * name per language, a name in every site's language, and every name gives a URL slug (spec §2: the slug of
 * the lowercase name, then `~` and the id), so a name of punctuation only is refused.
 */
export function categoryTextProblems(
  texts: ReadonlyArray<{ language: string; name: string }>,
  languages: readonly string[],
  slugify: (name: string) => string,
): ErrorDetail[] {
  const problems: ErrorDetail[] = []
  const given = texts.map((t) => t.language)
  texts.forEach((t, i) => {
    if (given.indexOf(t.language) !== i)
      problems.push({ field: `body.texts.${i}.language`, type: 'duplicate', message: `${t.language} twice` })
    if (slugify(t.name) === '')
      problems.push({
        field: `body.texts.${i}.name`,
        type: 'no_slug',
        message: 'The name needs a letter or a digit (it makes the address)',
      })
  })
  for (const language of languages)
    if (!given.includes(language))
      problems.push({
        field: 'body.texts',
        type: 'missing_language',
        message: `A name in ${language} is required`,
      })
  return problems
}

/** The category and every category below it, given each category's parent. */
export function subtreeOf(id: string, parentOf: ReadonlyMap<string, string | null>): string[] {
  const childrenOf = new Map<string, string[]>()
  for (const [child, parent] of parentOf)
    if (parent !== null) childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), child])
  const seen = new Set<string>()
  const walk = (node: string) => {
    seen.add(node)
    for (const child of childrenOf.get(node) ?? []) if (!seen.has(child)) walk(child)
  }
  walk(id)
  return [...seen]
}

/** The list with `id` taken out and put back at `position` (clamped to the end). */
export function placeAt<T extends { id: string }>(list: readonly T[], item: T, position: number): T[] {
  const rest = list.filter((x) => x.id !== item.id)
  const at = Math.min(Math.max(position, 0), rest.length)
  return [...rest.slice(0, at), item, ...rest.slice(at)]
}
