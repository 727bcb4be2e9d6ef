import type { Option } from '@shop/contracts/catalogue'

export interface VariantOptions {
  id: string
  /** option key → { attribute key → value } */
  options: Record<string, unknown>
}

const isScalar = (v: unknown): v is string | number | boolean =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'

/**
 * One option per (option key, attribute key) pair with a scalar value; nested values are ignored.
 * Options and their values keep the order in which they first appear across the variants (in
 * variant order), and each value lists the variants carrying it.
 */
export function buildOptions(variants: VariantOptions[]): Option[] {
  const options = new Map<string, Option>()
  for (const variant of variants) {
    for (const [optionKey, attributes] of Object.entries(variant.options)) {
      if (!attributes || typeof attributes !== 'object' || Array.isArray(attributes)) continue
      for (const [attributeKey, raw] of Object.entries(attributes)) {
        if (!isScalar(raw)) continue
        const key = JSON.stringify([optionKey, attributeKey])
        const option = options.get(key) ?? { optionKey, attributeKey, attributes: [] }
        options.set(key, option)
        const value = String(raw)
        const attribute = option.attributes.find((a) => a.value === value)
        if (attribute) attribute.variantIds.push(variant.id)
        else option.attributes.push({ value, variantIds: [variant.id] })
      }
    }
  }
  return [...options.values()]
}
