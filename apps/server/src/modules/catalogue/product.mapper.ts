import type { Product, Variant } from '@shop/contracts/catalogue'
import { slugify } from '@shop/contracts/slug'
import { productYrn } from '@shop/contracts/yrn'
import type { ProductRow } from '../../platform/db/schema.ts'
import type { ProductPricing } from '../pricing/price.service.ts'
import { mixinReferences } from './mixin-schemas.ts'
import { buildOptions } from './options.ts'
import type { VariantRow } from './product.repository.ts'
import { localizedMedia } from './product-media.ts'

/** The text in the language, else the English one. */
export function localized<T extends { language: string }>(texts: T[], language: string): T | undefined {
  return texts.find((t) => t.language === language) ?? texts.find((t) => t.language === 'en')
}

/**
 * The URL name in each language that has a text, and in English: what the entity's URL is when read in that
 * language (the name of `localized`, slugged). Languages not listed read the English name.
 */
export function slugsOf(texts: Array<{ language: string; name: string }>): Record<string, string> {
  const languages = new Set(['en', ...texts.map((t) => t.language)])
  return Object.fromEntries([...languages].map((l) => [l, slugify(localized(texts, l)?.name ?? '')]))
}

const json = <T>(text: string, fallback: T): T => {
  try {
    return (JSON.parse(text) as T) ?? fallback
  } catch {
    return fallback
  }
}

export interface ProductParts {
  texts: Array<{ language: string; name: string; description: string }>
  variants: VariantRow[]
  categoryIds: string[]
  language: string
  siteCode: string
  pricing?: ProductPricing
}

export function toProduct(row: ProductRow, parts: ProductParts): Product {
  const text = localized(parts.texts, parts.language)
  const hasVariants = row.has_variants === 1
  const inStock = row.stock > 0 || parts.variants.some((v) => v.stock > 0)
  const mixins: Record<string, unknown> = {
    ...json<Record<string, unknown>>(row.mixins, {}),
    inventory: { inStock },
  }
  const taxCode = json<Record<string, string>>(row.tax_codes ?? '{}', {})[parts.siteCode] ?? row.tax_code
  if (taxCode) mixins.taxCodes = { [parts.siteCode]: taxCode }
  const schemas = mixinReferences(mixins)
  const product: Product = {
    id: row.id,
    code: row.code,
    name: text?.name ?? '',
    description: text?.description ?? '',
    yrn: productYrn(row.id),
    media: localizedMedia(row.media, parts.language),
    mixins,
    metadata: schemas ? { createdAt: row.created_at, mixins: schemas } : { createdAt: row.created_at },
    categories: parts.categoryIds,
    hasVariants,
    isBuyable: !hasVariants,
    inStock,
  }
  if (hasVariants) {
    const variants = parts.variants.map((v) => ({
      id: v.id,
      options: json<Record<string, unknown>>(v.options, {}),
    }))
    product.metadata.variants = { options: buildOptions(variants) }
  }
  if (parts.pricing && hasVariants && parts.pricing.priceRange) product.priceRange = parts.pricing.priceRange
  if (parts.pricing && !hasVariants) product.prices = parts.pricing.prices
  return product
}

export function toVariant(
  row: VariantRow,
  names: Array<{ language: string; name: string }>,
  fallbackName: string,
  language: string,
): Variant {
  const inStock = row.stock > 0
  return {
    id: row.id,
    productId: row.product_id,
    code: row.code,
    name: localized(names, language)?.name ?? fallbackName,
    yrn: productYrn(row.product_id, row.id),
    default: row.is_default === 1,
    options: scalarOptions(json<Record<string, unknown>>(row.options, {})),
    media: localizedMedia(row.media, language),
    mixins: { ...json<Record<string, unknown>>(row.mixins, {}), inventory: { inStock } },
    inStock,
  }
}

/** The contract's option map holds scalar values as text; nested values are left out. */
function scalarOptions(options: Record<string, unknown>): Variant['options'] {
  const result: Variant['options'] = {}
  for (const [key, attributes] of Object.entries(options)) {
    if (!attributes || typeof attributes !== 'object') continue
    const values = Object.entries(attributes).filter(([, v]) =>
      ['string', 'number', 'boolean'].includes(typeof v),
    )
    result[key] = Object.fromEntries(values.map(([k, v]) => [k, String(v)]))
  }
  return result
}
