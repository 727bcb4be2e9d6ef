import type { Cart, CartItem } from '@shop/contracts/cart'
import { useEffect, useState } from 'react'
import { useFetcher } from 'react-router'
import { formatMoney } from '../../lib/format.ts'
import { useShop, useT } from '../../lib/shop.ts'
import { ProductImage } from '../../ui/product-image.tsx'
import { QuantityInput } from '../../ui/quantity-input.tsx'
import type { CartActionResult } from './cart-actions.server.ts'
import { CartNote } from './cart-note.tsx'

/** One line: quantity (above 0 updates, 0 or empty removes — spec §5), remove, note, and its error mark. */
export function CartLine({ item, cart }: { item: CartItem; cart: Cart }) {
  const t = useT()
  const { language } = useShop()
  const fetcher = useFetcher<CartActionResult>()
  const [quantity, setQuantity] = useState(String(item.quantity))
  useEffect(() => setQuantity(String(item.quantity)), [item.quantity])
  const busy = fetcher.state !== 'idle'
  const failed = fetcher.state === 'idle' && fetcher.data !== undefined && !fetcher.data.ok

  function commit(value: string) {
    const next = Number(value || '0')
    if (next === item.quantity) return
    fetcher.submit(
      next > 0
        ? { intent: 'update', itemId: item.id, quantity: next }
        : { intent: 'remove', itemId: item.id },
      { method: 'post', action: '/cart' },
    )
  }

  return (
    <li className="cart-line" aria-busy={busy} data-error={failed ? 'true' : undefined}>
      <ProductImage
        url={item.product.imageUrl}
        alt=""
        placeholderLabel={t('PRODUCT_IMAGE_PLACEHOLDER')}
        sizes="72px"
      />
      <div className="cart-line__body">
        <p className="cart-line__name">{item.product.name}</p>
        {item.variants.map((line) => (
          <p key={line} className="cart-line__variant">
            {line}
          </p>
        ))}
        <p className="cart-line__unit">{formatMoney(item.price.effectiveAmount, cart.currency, language)}</p>
        <div className="cart-line__controls">
          <QuantityInput
            className="input input--qty"
            aria-label={t('QUANTITY_OF', { name: item.product.name })}
            aria-invalid={failed || undefined}
            value={quantity}
            onValueChange={setQuantity}
            onBlur={() => commit(quantity)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault()
                commit(quantity)
              }
            }}
          />
          <fetcher.Form method="post" action="/cart">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="itemId" value={item.id} />
            <button
              type="submit"
              className="button button--link"
              aria-label={t('REMOVE_ITEM', { name: item.product.name })}
              disabled={busy}
            >
              {t('REMOVE')}
            </button>
          </fetcher.Form>
        </div>
        {failed ? (
          <p className="field__error cart-line__error" role="alert">
            {t('CART_ITEM_ERROR')}
          </p>
        ) : null}
        <CartNote item={item} />
      </div>
      <p className="cart-line__total">{formatMoney(item.itemPrice.amount, cart.currency, language)}</p>
    </li>
  )
}
