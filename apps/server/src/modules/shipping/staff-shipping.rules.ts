import type { ErrorDetail } from '@shop/contracts/errors'

/**
 * The owner's shipping input, checked against the site (docs/decisions/0062-staff-shipping.md). Pure: each answers
 * the problems as 400 details naming the field, none when the input is good.
 */

/** A name in every language of the site and in no other. */
export function nameProblems(
  names: Readonly<Record<string, string>>,
  languages: readonly string[],
): ErrorDetail[] {
  const problems: ErrorDetail[] = []
  for (const language of languages) {
    if (!names[language]?.trim())
      problems.push({
        field: `body.names.${language}`,
        type: 'missing_language',
        message: 'a name is needed',
      })
  }
  for (const language of Object.keys(names)) {
    if (!languages.includes(language))
      problems.push({
        field: `body.names.${language}`,
        type: 'invalid',
        message: `the site's languages are ${languages.join(', ')}`,
      })
  }
  return problems
}

/** Fee tiers: the first from an order value of 0, each next one from a higher order value. */
export function tierProblems(tiers: ReadonlyArray<{ minOrderMinor: number }>): ErrorDetail[] {
  const problems: ErrorDetail[] = []
  if (tiers[0] && tiers[0].minOrderMinor !== 0)
    problems.push({
      field: 'body.fees.0.minOrderMinor',
      type: 'invalid',
      message: 'the first tier starts at 0',
    })
  for (let i = 1; i < tiers.length; i++) {
    if (tiers[i]!.minOrderMinor <= tiers[i - 1]!.minOrderMinor)
      problems.push({
        field: `body.fees.${i}.minOrderMinor`,
        type: 'invalid',
        message: 'must be above the order value of the tier before',
      })
  }
  return problems
}

/** A country once in a zone's list. */
export function duplicateCountries(countries: readonly string[]): ErrorDetail[] {
  return countries.flatMap((country, i) =>
    countries.indexOf(country) < i
      ? [{ field: `body.countries.${i}`, type: 'duplicate', message: `${country} is listed twice` }]
      : [],
  )
}

/** The countries another zone of the site already serves (each in at most one zone of a site). */
export function countriesInOtherZones(
  countries: readonly string[],
  others: ReadonlyArray<{ id: string; name: string; countries: readonly string[] }>,
): ErrorDetail[] {
  return countries.flatMap((country, i) => {
    const other = others.find((zone) => zone.countries.includes(country))
    return other
      ? [
          {
            field: `body.countries.${i}`,
            type: 'country_in_other_zone',
            message: `${country} is in the zone "${other.name}" (${other.id})`,
          },
        ]
      : []
  })
}

/** Ids in their new order: `id` moved to `position` (clamped to the list), the others keeping theirs. */
export function moveTo(ids: readonly string[], id: string, position: number): string[] {
  const rest = ids.filter((other) => other !== id)
  const at = Math.max(0, Math.min(position, rest.length))
  return [...rest.slice(0, at), id, ...rest.slice(at)]
}
