import type { Price, PriceRange } from '@shop/contracts/price'
import type { AppContext } from '../../platform/http/context.ts'
import { toPrice, toPriceRange } from './price.mapper.ts'
import { findNextPriceBoundary, findValidPrices, type PriceRow } from './price.repository.ts'

export interface PriceLookup {
  currency: string
  productIds: string[]
  /** ISO-8601; now when absent. */
  effectiveDate?: string
}

export function splitIds(list: string): string[] {
  return [
    ...new Set(
      list
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ]
}

const instant = (date?: string) => (date ? new Date(date) : new Date()).toISOString()

/** Every product and variant price of the products in the currency, valid at the effective date. */
export async function listPrices(ctx: AppContext, lookup: PriceLookup): Promise<Price[]> {
  const rows = await findValidPrices(
    ctx.db,
    lookup.productIds,
    lookup.currency,
    instant(lookup.effectiveDate),
  )
  return rows.map(toPrice)
}

export interface ProductPricing {
  /** Prices of the product itself (not of its variants). */
  prices: Price[]
  /** Range over the variant prices; over the product's own prices when no variant has one. */
  priceRange?: PriceRange
}

/** Prices of a page of products in one query, grouped per product, for the catalogue's expand=prices. */
export async function pricingOf(
  ctx: AppContext,
  productIds: string[],
  currency: string,
): Promise<Map<string, ProductPricing>> {
  const rows = await findValidPrices(ctx.db, productIds, currency, instant())
  const byProduct = new Map<string, PriceRow[]>()
  for (const row of rows) byProduct.set(row.product_id, [...(byProduct.get(row.product_id) ?? []), row])
  const result = new Map<string, ProductPricing>()
  for (const [productId, list] of byProduct) {
    const own = list.filter((r) => r.variant_id === null)
    const variant = list.filter((r) => r.variant_id !== null)
    result.set(productId, {
      prices: own.map(toPrice),
      priceRange: toPriceRange(variant.length ? variant : own),
    })
  }
  return result
}

/**
 * Date.now() of the next instant at which a price starts or stops being valid (+Infinity: none is planned): an
 * answer showing prices computed now is old from then on, whatever else changes (docs/decisions/0030).
 */
export async function nextPriceChange(ctx: AppContext): Promise<number> {
  const next = await findNextPriceBoundary(ctx.db, instant())
  return next === undefined ? Number.POSITIVE_INFINITY : Date.parse(next)
}
