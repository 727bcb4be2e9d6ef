import { useT } from '../../lib/shop.ts'
import { AddToCart } from './add-to-cart.tsx'
import type { PurchaseState } from './purchase-state.ts'

/**
 * The buy area of the product page: the quantity and "Add to cart" only for something that can be bought;
 * otherwise a plain statement in their place (sold out, not sold in this currency) and no disabled controls.
 * While options are missing, the options' own hint says so and nothing else shows.
 */
export function Purchase({
  state,
  productId,
  variantId,
}: {
  state: PurchaseState
  productId: string
  variantId?: string
}) {
  const t = useT()
  if (state === 'choose') return null
  if (state === 'buy') {
    return (
      <>
        <p className="stock stock--in">{t('IN_STOCK')}</p>
        <AddToCart productId={productId} variantId={variantId} />
      </>
    )
  }
  const out = state === 'out-of-stock'
  return (
    <div className="availability">
      <p className="stock stock--out">{out ? t('OUT_OF_STOCK') : t('UNAVAILABLE')}</p>
      <p className="availability__note">{out ? t('OUT_OF_STOCK_NOTE') : t('UNAVAILABLE_NOTE')}</p>
    </div>
  )
}
