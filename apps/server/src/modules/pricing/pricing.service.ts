import { productYrn } from '@shop/contracts/yrn'
import type { AppContext } from '../../platform/http/context.ts'
import type { CalcLine, FeeType } from '../calculation/totals.rules.ts'
import type { SiteTerms } from '../site/site.service.ts'
import * as repo from './pricing.repository.ts'

export interface ItemRef {
  productId: string
  variantId: string | null
}

export interface ItemFee {
  id: string
  name: string
  type: FeeType
  amountMinor: number
  currency: string
}

/** Why a line cannot be bought; null when it can. */
export type Unbuyable = 'not_found' | 'unknown_variant' | 'variant_required' | 'not_published' | 'no_price'

export interface PricedItem {
  ref: ItemRef
  itemYrn: string
  problem: Unbuyable | null
  code: string
  name: string
  /** "colour: Red" lines of the variant. */
  optionLines: string[]
  imageUrl: string | null
  taxCode: string | null
  priceId: string | null
  effectiveMinor: number
  originalMinor: number
  currency: string
  stock: number
  fees: ItemFee[]
}

export const itemKey = (ref: ItemRef) => productYrn(ref.productId, ref.variantId)

/** Prices many lines with one query per table (no N+1); the map is keyed by item yrn. */
export async function priceItems(
  ctx: Pick<AppContext, 'db'>,
  site: SiteTerms,
  language: string,
  refs: ItemRef[],
  now = new Date(),
): Promise<Map<string, PricedItem>> {
  const result = new Map<string, PricedItem>()
  if (refs.length === 0) return result
  const productIds = [...new Set(refs.map((r) => r.productId))]
  const variantIds = [...new Set(refs.flatMap((r) => (r.variantId ? [r.variantId] : [])))]
  const languages = [...new Set([language, site.defaultLanguage, 'en'])]
  const { products, names, variants, prices, fees } = await repo.findPricingRows(ctx.db, {
    productIds,
    variantIds,
    languages,
    currency: site.currency,
    at: now.toISOString(),
    siteCode: site.code,
  })
  const productById = new Map(products.map((p) => [p.id, p]))
  const variantById = new Map(variants.map((v) => [v.id, v]))

  for (const ref of refs) {
    const product = productById.get(ref.productId)
    const variant = ref.variantId ? variantById.get(ref.variantId) : undefined
    const nameRow = languages
      .map((lang) => names.find((n) => n.product_id === ref.productId && n.language === lang))
      .find(Boolean)
    // prices are ordered by effective amount: the lowest valid price wins, a variant's own before the product's
    const price =
      prices.find((p) => p.product_id === ref.productId && ref.variantId && p.variant_id === ref.variantId) ??
      prices.find((p) => p.product_id === ref.productId && p.variant_id === null)
    const item: PricedItem = {
      ref,
      itemYrn: itemKey(ref),
      problem: null,
      code: product?.code ?? '',
      name: nameRow?.name ?? product?.code ?? ref.productId,
      optionLines: variant ? optionLines(variant.options) : [],
      imageUrl:
        (variant && firstMediaUrl(variant.media)) ?? (product && firstMediaUrl(product.media)) ?? null,
      taxCode: (product && siteTaxCode(product.tax_codes, site.code)) ?? product?.tax_code ?? null,
      priceId: price?.id ?? null,
      effectiveMinor: price?.effective_minor ?? 0,
      originalMinor: price?.original_minor ?? 0,
      currency: site.currency,
      stock: (product?.has_variants ? variant?.stock : product?.stock) ?? 0,
      fees: fees
        .filter((f) => f.product_id === ref.productId)
        .map((f) => ({
          id: f.id,
          name: f.name,
          type: f.fee_type as FeeType,
          amountMinor: f.amount_minor,
          currency: f.currency,
        })),
    }
    item.problem = problemOf(ref, product, variant, price !== undefined)
    result.set(item.itemYrn, item)
  }
  return result
}

function problemOf(
  ref: ItemRef,
  product: { published: number; has_variants: number } | undefined,
  variant: { product_id: string } | undefined,
  hasPrice: boolean,
): Unbuyable | null {
  if (!product) return 'not_found'
  if (ref.variantId && (!variant || variant.product_id !== ref.productId)) return 'unknown_variant'
  if (product.has_variants && !ref.variantId) return 'variant_required'
  if (!product.published) return 'not_published'
  if (!hasPrice) return 'no_price'
  return null
}

function optionLines(json: string): string[] {
  const options = JSON.parse(json) as Record<string, Record<string, string>>
  return Object.entries(options).map(([key, attributes]) => `${key}: ${Object.values(attributes)[0] ?? ''}`)
}

/** The product's tax code for the site (migration 0023), when it has one of its own. */
function siteTaxCode(json: string, siteCode: string): string | undefined {
  return (JSON.parse(json) as Record<string, string>)[siteCode]
}

function firstMediaUrl(json: string): string | undefined {
  const media = JSON.parse(json) as Array<{ url?: string }>
  return media[0]?.url
}

/** A priced item as a line of the calculation; an item that cannot be bought counts nothing. */
export function toCalcLine(id: string, item: PricedItem | undefined, quantity: number): CalcLine {
  if (!item || item.problem) return { id, unitPriceMinor: 0, quantity: 0, fees: [] }
  return { id, unitPriceMinor: item.effectiveMinor, quantity, fees: item.fees }
}
