import type { Option, Variant } from '@shop/contracts/catalogue'

/** One selector per (option key, attribute key) pair; values keep their first-seen order (behaviour notes). */
export interface Selector {
  key: string
  optionKey: string
  attributeKey: string
  values: Array<{ value: string; variantIds: string[] }>
}

export function selectorsOf(options: Option[] | undefined): Selector[] {
  return (options ?? []).map((o) => ({
    key: `${o.optionKey}.${o.attributeKey}`,
    optionKey: o.optionKey,
    attributeKey: o.attributeKey,
    values: o.attributes.map((a) => ({ value: a.value, variantIds: a.variantIds })),
  }))
}

export type Selection = Record<string, string>

function idsFor(selectors: Selector[], selection: Selection, except?: string): Set<string> | null {
  let ids: Set<string> | null = null
  for (const selector of selectors) {
    if (selector.key === except) continue
    const chosen = selection[selector.key]
    if (!chosen) continue
    const match = new Set(selector.values.find((v) => v.value === chosen)?.variantIds ?? [])
    const previous: Set<string> | null = ids
    ids = previous ? new Set([...previous].filter((id: string) => match.has(id))) : match
  }
  return ids
}

/** A value is disabled when it fits no variant left by the other selectors' choices (spec §4). */
export function isValueDisabled(
  selectors: Selector[],
  selection: Selection,
  selector: Selector,
  value: string,
): boolean {
  const others = idsFor(selectors, selection, selector.key)
  const ids = selector.values.find((v) => v.value === value)?.variantIds ?? []
  return others ? !ids.some((id) => others.has(id)) : ids.length === 0
}

/** When every selector has a value, the active variant is the first match (spec §4). */
export function activeVariant(
  selectors: Selector[],
  selection: Selection,
  variants: Variant[],
): Variant | undefined {
  if (selectors.length === 0 || selectors.some((s) => !selection[s.key])) return undefined
  const ids = idsFor(selectors, selection)
  return variants.find((v) => ids?.has(v.id))
}

export function selectionOf(selectors: Selector[], variant: Variant | undefined): Selection {
  const selection: Selection = {}
  if (!variant) return selection
  for (const s of selectors) {
    const value = s.values.find((v) => v.variantIds.includes(variant.id))?.value
    if (value) selection[s.key] = value
  }
  return selection
}
