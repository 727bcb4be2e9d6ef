import type { StaffOption } from '@shop/contracts/backoffice-variants'

/** A problem with a field of the input, as a 400's details list it. */
export interface FieldProblem {
  field: string
  type: string
  message: string
}

/** Empty names are refused by the contract; here: duplicate keys, duplicate values within a key. */
export function optionProblems(options: readonly StaffOption[]): FieldProblem[] {
  const problems: FieldProblem[] = []
  const keys = new Set<string>()
  options.forEach((option, i) => {
    const key = option.key.toLowerCase()
    if (keys.has(key))
      problems.push({ field: `body.options.${i}.key`, type: 'duplicate', message: `${option.key} twice` })
    keys.add(key)
    const values = new Set<string>()
    option.values.forEach((value, j) => {
      if (values.has(value.toLowerCase()))
        problems.push({
          field: `body.options.${i}.values.${j}`,
          type: 'duplicate',
          message: `${value} twice`,
        })
      values.add(value.toLowerCase())
    })
  })
  return problems
}

export type Combination = Record<string, string>

/** Every combination of one value per option, the first option varying slowest (the storefront's order). */
export function combinations(options: readonly StaffOption[]): Combination[] {
  let result: Combination[] = options.length ? [{}] : []
  for (const option of options)
    result = result.flatMap((partial) => option.values.map((value) => ({ ...partial, [option.key]: value })))
  return result
}

/** A combination as one comparable text, in the options' order. */
export const combinationKey = (options: readonly StaffOption[], combination: Combination) =>
  JSON.stringify(options.map((o) => combination[o.key] ?? null))

/** The code of a generated variant: the product's SKU and its values, in the characters a code may hold. */
export function variantCode(sku: string, combination: Combination): string {
  const parts = Object.values(combination).map((v) =>
    v
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toUpperCase(),
  )
  return [sku, ...parts.map((p) => p || 'X')].join('-').slice(0, 64)
}

/** A variant's options must name each key once with one of its values, and no other key. */
export function variantOptionProblems(options: readonly StaffOption[], chosen: Combination): FieldProblem[] {
  const problems: FieldProblem[] = []
  for (const option of options) {
    const value = chosen[option.key]
    if (value === undefined)
      problems.push({ field: `body.options.${option.key}`, type: 'missing', message: 'Choose a value' })
    else if (!option.values.includes(value))
      problems.push({
        field: `body.options.${option.key}`,
        type: 'unknown',
        message: `${value} is not a value`,
      })
  }
  for (const key of Object.keys(chosen))
    if (!options.some((o) => o.key === key))
      problems.push({ field: `body.options.${key}`, type: 'unknown', message: `${key} is not an option` })
  return problems
}

/**
 * The options of variants that carry them only in their own JSON (the demo's): keys and values in order of
 * first appearance, the first scalar attribute of each key read as its value.
 */
export function optionsFromVariants(variants: ReadonlyArray<{ options: Combination }>): StaffOption[] {
  const found: StaffOption[] = []
  for (const variant of variants)
    for (const [key, value] of Object.entries(variant.options)) {
      let option = found.find((o) => o.key === key)
      if (!option) {
        option = { key, values: [] }
        found.push(option)
      }
      if (!option.values.includes(value)) option.values.push(value)
    }
  return found
}

/** A variant's stored option JSON read as key → value (the first scalar attribute of each key). */
export function readCombination(json: string): Combination {
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch {
    return {}
  }
  const result: Combination = {}
  if (!parsed || typeof parsed !== 'object') return result
  for (const [key, attributes] of Object.entries(parsed as Record<string, unknown>)) {
    if (!attributes || typeof attributes !== 'object') continue
    const value = Object.values(attributes).find((v) => ['string', 'number', 'boolean'].includes(typeof v))
    if (value !== undefined) result[key] = String(value)
  }
  return result
}

/**
 * A combination as stored: each key's value under the attribute its variants used so far (`name` for the
 * demo's colours) or `value`, so the storefront's selector (one select per key and attribute) stays one per key.
 */
export function writeCombination(combination: Combination, attributes: Record<string, string>): string {
  return JSON.stringify(
    Object.fromEntries(
      Object.entries(combination).map(([key, value]) => [key, { [attributes[key] ?? 'value']: value }]),
    ),
  )
}

/** The attribute each key's value is stored under in existing variant JSON. */
export function attributeNames(jsons: readonly string[]): Record<string, string> {
  const names: Record<string, string> = {}
  for (const json of jsons) {
    try {
      const parsed = JSON.parse(json) as Record<string, Record<string, unknown>>
      for (const [key, attributes] of Object.entries(parsed)) {
        const first = attributes && typeof attributes === 'object' ? Object.keys(attributes)[0] : undefined
        if (first && !names[key]) names[key] = first
      }
    } catch {
      // unreadable options are rewritten with `value`
    }
  }
  return names
}
