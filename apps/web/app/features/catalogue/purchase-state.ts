import type { Price } from '@shop/contracts/price'

/**
 * What the buy area of a product page offers (docs/decisions/0037): the choice of options first (a product
 * with variants is bought only as the variant all option keys resolve to, spec §4), then a price in the site's
 * currency, then stock; only then the quantity field and "Add to cart".
 */
export type PurchaseState = 'choose' | 'unavailable' | 'out-of-stock' | 'buy'

export function purchaseState(item: {
  hasVariants: boolean
  /** The active variant (all option keys chosen) or, for a product without variants, the product itself. */
  chosen: { inStock: boolean; prices?: Price[] } | undefined
}): PurchaseState {
  if (!item.chosen) return item.hasVariants ? 'choose' : 'unavailable'
  if (!item.chosen.prices?.length) return 'unavailable'
  return item.chosen.inStock ? 'buy' : 'out-of-stock'
}
