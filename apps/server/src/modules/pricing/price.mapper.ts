import { toAmount } from '@shop/contracts/money'
import type { Price, PriceRange } from '@shop/contracts/price'
import { productYrn } from '@shop/contracts/yrn'
import type { PriceRow } from './price.repository.ts'

export function toPrice(row: PriceRow): Price {
  const price: Price = {
    priceId: row.id,
    productId: row.product_id,
    variantId: row.variant_id,
    itemYrn: productYrn(row.product_id, row.variant_id),
    effectiveAmount: toAmount(row.effective_minor, row.currency),
    originalAmount: toAmount(row.original_minor, row.currency),
    currency: row.currency,
  }
  if (row.unit_code) price.measurementUnit = { unitCode: row.unit_code, quantity: row.unit_quantity ?? 1 }
  return price
}

type Amounts = Pick<PriceRow, 'effective_minor' | 'original_minor'>
const discount = (p: Amounts) => p.original_minor - p.effective_minor

/**
 * The lowest and highest effective price of a set (variant prices of one product). When two prices tie
 * on the effective amount, the one with the larger discount wins, so the sale is shown. Undefined when
 * the set is empty.
 */
export function pickRange<T extends Amounts>(prices: T[]): { min: T; max: T } | undefined {
  const [head, ...rest] = prices
  if (!head) return undefined
  let min = head
  let max = head
  for (const p of rest) {
    if (
      p.effective_minor < min.effective_minor ||
      (p.effective_minor === min.effective_minor && discount(p) > discount(min))
    )
      min = p
    if (
      p.effective_minor > max.effective_minor ||
      (p.effective_minor === max.effective_minor && discount(p) > discount(max))
    )
      max = p
  }
  return { min, max }
}

export function toPriceRange(rows: PriceRow[]): PriceRange | undefined {
  const range = pickRange(rows)
  if (!range) return undefined
  return {
    minPrice: toPrice(range.min),
    maxPrice: toPrice(range.max),
    singlePrice: range.min.effective_minor === range.max.effective_minor,
  }
}
