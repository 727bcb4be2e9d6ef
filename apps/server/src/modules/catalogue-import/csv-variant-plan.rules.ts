import type { StaffPrice } from '@shop/contracts/backoffice'
import { type StaffOption, StaffVariantInputSchema } from '@shop/contracts/backoffice-variants'
import type { VariantRecord } from '../catalogue/staff-import-variants.service.ts'
import type { CsvDraft, CsvTerms, ImportProblem } from './csv-format.rules.ts'
import type { PlannedVariant, RowPlan } from './csv-plan.rules.ts'

/**
 * What a product's variants are as the plan has come so far (docs/decisions/0063-variants-in-csv.md): the shop's,
 * then each accepted row of the file on top. The option keys are fixed by the product's variants, or by the first
 * variant row of a product that has none.
 */
export interface Family {
  sku: string
  options: StaffOption[]
  /** A combination (see `familyKey`) → the code of the variant holding it. */
  taken: Map<string, string>
  /** The line of a row of the file that made one of its variants the default. */
  defaultLine?: number
}

export interface VariantPlanContext {
  terms: CsvTerms
  family: Family | undefined
  /** Why the product named in variant_of takes no variants from this row. */
  familyProblem: string | undefined
  existing: VariantRecord | undefined
  /** The code is a product's SKU (one namespace: a cart line is found by either). */
  codeIsProduct: boolean
}

export const familyKey = (options: readonly StaffOption[], combination: Record<string, string>) =>
  JSON.stringify(options.map((o) => (combination[o.key] ?? '').toLowerCase()))

export function newFamily(sku: string, options: StaffOption[], variants: readonly VariantRecord[]): Family {
  const family: Family = { sku, options: structuredClone(options), taken: new Map() }
  for (const v of variants) family.taken.set(familyKey(family.options, v.combination), v.code)
  return family
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/**
 * A row's values in the family's spelling (keys and values matched without regard to case), with the problems of
 * keys the family does not have or lacks. A family without options takes the row's keys.
 */
function fitCombination(family: Family, given: Record<string, string>, problems: ImportProblem[]) {
  if (family.options.length === 0) {
    if (Object.keys(given).length > 5)
      problems.push({ column: 'options', message: 'A product has at most 5 options' })
    return given
  }
  const fitted: Record<string, string> = {}
  for (const [key, value] of Object.entries(given)) {
    const option = family.options.find((o) => same(o.key, key))
    if (!option) {
      problems.push({
        column: 'options',
        message: `${family.sku} has no option ${key} (its options: ${family.options.map((o) => o.key).join(', ')})`,
      })
      continue
    }
    fitted[option.key] = option.values.find((v) => same(v, value)) ?? value
  }
  for (const option of family.options)
    if (fitted[option.key] === undefined && !problems.some((p) => p.column === 'options'))
      problems.push({ column: 'options', message: `Every variant of ${family.sku} names its ${option.key}` })
  return fitted
}

function variantTexts(draft: CsvDraft, existing: VariantRecord | undefined, terms: CsvTerms) {
  return terms.languages.flatMap((language) => {
    const name = draft.names[language] || existing?.texts.find((t) => t.language === language)?.name
    return name ? [{ language, name }] : []
  })
}

function variantPrices(
  draft: CsvDraft,
  existing: VariantRecord | undefined,
  terms: CsvTerms,
  problems: ImportProblem[],
) {
  const prices: StaffPrice[] = []
  for (const currency of terms.currencies) {
    const given = draft.prices[currency]
    const kept = given === undefined ? existing?.prices.find((p) => p.currency === currency) : given
    if (!kept) continue
    if (kept.effectiveMinor > kept.originalMinor)
      problems.push({
        column: `price_${currency}`,
        message: 'The price paid cannot be above the original price',
      })
    prices.push({ currency, effectiveMinor: kept.effectiveMinor, originalMinor: kept.originalMinor })
  }
  return prices
}

/** The columns whose value the row changes on the existing variant. */
export function changedVariantColumns(
  variant: PlannedVariant,
  existing: VariantRecord,
  family: Family,
  terms: CsvTerms,
): string[] {
  const changes: string[] = []
  if (familyKey(family.options, variant.combination) !== familyKey(family.options, existing.combination))
    changes.push('options')
  for (const language of terms.languages) {
    const name = (texts: ReadonlyArray<{ language: string; name: string }>) =>
      texts.find((t) => t.language === language)?.name
    if (name(variant.texts) !== name(existing.texts)) changes.push(`name_${language}`)
  }
  for (const currency of terms.currencies) {
    const before = existing.prices.find((p) => p.currency === currency)
    const after = variant.prices.find((p) => p.currency === currency)
    if (before?.effectiveMinor !== after?.effectiveMinor) changes.push(`price_${currency}`)
    if (before?.originalMinor !== after?.originalMinor) changes.push(`original_${currency}`)
  }
  if (variant.stock !== null && variant.stock !== existing.stock) changes.push('stock')
  if (variant.isDefault !== existing.isDefault) changes.push('default')
  return changes
}

/** What one variant row would do: create, update (which columns), nothing, or why it is refused. */
export function planVariantRow(
  line: number,
  draft: CsvDraft,
  cellProblems: readonly ImportProblem[],
  context: VariantPlanContext,
): RowPlan {
  const { family, existing, terms } = context
  const problems = [...cellProblems]
  const productSku = draft.variantOf ?? ''
  if (!family)
    problems.push({ column: 'variant_of', message: context.familyProblem ?? `No product ${productSku}` })
  const code = StaffVariantInputSchema.shape.code.safeParse(draft.sku)
  if (!code.success)
    problems.push({
      column: 'sku',
      message: `A variant code: ${code.error.issues[0]?.message ?? 'not valid'}`,
    })
  if (context.codeIsProduct) problems.push({ column: 'sku', message: `A product has the SKU ${draft.sku}` })
  if (existing && existing.productSku !== productSku)
    problems.push({ column: 'sku', message: `${draft.sku} is a variant of ${existing.productSku}` })
  const given = draft.options ?? existing?.combination
  if (!given && !problems.some((p) => p.column === 'options'))
    problems.push({ column: 'options', message: 'A new variant needs its options (like Colour=Red|Size=M)' })
  const combination = family && given ? fitCombination(family, given, problems) : {}
  if (family && given && !problems.some((p) => p.column === 'options')) {
    const holder = family.taken.get(familyKey(family.options, combination))
    if (holder && holder !== draft.sku && family.options.length > 0)
      problems.push({ column: 'options', message: `${holder} has these values` })
  }
  if (draft.isDefault && family?.defaultLine !== undefined)
    problems.push({
      column: 'default',
      message: `Line ${family.defaultLine} makes another variant of ${productSku} the default`,
    })
  const variant: PlannedVariant = {
    code: draft.sku,
    productSku,
    combination,
    texts: variantTexts(draft, existing, terms),
    prices: variantPrices(draft, existing, terms, problems),
    stock: draft.stock ?? null,
    isDefault: draft.isDefault ?? existing?.isDefault ?? (family ? family.taken.size === 0 : false),
  }
  const row = { line, sku: draft.sku, changes: [] as string[], problems }
  if (problems.length > 0 || !family) return { ...row, action: 'refused' }
  if (!existing) return { ...row, action: 'create', variant }
  const changes = changedVariantColumns(variant, existing, family, terms)
  return {
    ...row,
    action: changes.length ? 'update' : 'unchanged',
    changes,
    variant,
    existingVariant: existing,
  }
}

/** Takes an accepted row's variant into its family: its values, its combination, its default. */
export function acceptVariant(family: Family, plan: RowPlan, line: number, madeDefault: boolean) {
  const variant = plan.variant
  if (!variant) return
  if (plan.existingVariant)
    for (const [key, code] of family.taken) if (code === variant.code) family.taken.delete(key)
  for (const [key, value] of Object.entries(variant.combination)) {
    let option = family.options.find((o) => o.key === key)
    if (!option) {
      option = { key, values: [] }
      family.options.push(option)
    }
    if (!option.values.includes(value)) option.values.push(value)
  }
  family.taken.set(familyKey(family.options, variant.combination), variant.code)
  if (madeDefault) family.defaultLine = line
}
