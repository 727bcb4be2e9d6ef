import { useEffect, useId, useState } from 'react'
import { useFetcher } from 'react-router'
import { useT } from '../../lib/shop.ts'
import type { CartActionResult } from '../../routes/cart.tsx'
import { QuantityInput } from '../../ui/quantity-input.tsx'
import { useCartPanel } from '../cart/cart-panel.tsx'

const NOTIFICATION_MS = 3000 // spec §9

/**
 * Quantity plus add-to-cart. Posts to the /cart action (creates the cart on first add); disabled while adding
 * and when the quantity is empty (spec §4); a toast shows the added quantity for 3 s, or ERROR_ADDING_TO_CART.
 */
export function AddToCart({ productId, variantId }: { productId: string; variantId?: string }) {
  const t = useT()
  const fetcher = useFetcher<CartActionResult>()
  const { notifyAdded } = useCartPanel()
  const [quantity, setQuantity] = useState('1')
  const [notice, setNotice] = useState<CartActionResult | null>(null)
  const quantityId = useId()
  const adding = fetcher.state !== 'idle'
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return
    setNotice(fetcher.data)
    if (fetcher.data.ok) notifyAdded()
    const timer = window.setTimeout(() => setNotice(null), NOTIFICATION_MS)
    return () => window.clearTimeout(timer)
  }, [fetcher.state, fetcher.data, notifyAdded])
  const empty = !quantity || Number(quantity) < 1
  return (
    <fetcher.Form method="post" action="/cart" className="add-to-cart">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      {variantId ? <input type="hidden" name="variantId" value={variantId} /> : null}
      <div className="field">
        <label className="field__label" htmlFor={quantityId}>
          {t('QUANTITY')}
        </label>
        <QuantityInput
          id={quantityId}
          name="quantity"
          className="input input--qty"
          value={quantity}
          onValueChange={setQuantity}
          required
        />
      </div>
      <button type="submit" className="button button--primary button--large" disabled={adding || empty}>
        {adding ? t('ADDING') : t('ADD_TO_CART')}
      </button>
      <div className="toast-region" aria-live="polite" role="status">
        {notice?.ok ? (
          <p className="toast toast--success">
            {notice.quantity} {t('PRODUCTS_ADDED_TO_CART')}
          </p>
        ) : notice && !notice.ok ? (
          <p className="toast toast--error">{t('ERROR_ADDING_TO_CART')}</p>
        ) : null}
      </div>
    </fetcher.Form>
  )
}
