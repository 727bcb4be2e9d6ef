import type { Cart } from '@shop/contracts/cart'
import { useId, useState } from 'react'
import { useT } from '../../lib/shop.ts'
import { CartLine } from '../cart/cart-line.tsx'

/** The edit-cart panel inside checkout: the cart's lines with quantity and remove; closing it lets the wizard compare the total. */
export function EditCartPanel({
  cart,
  onOpen,
  onClose,
}: {
  cart: Cart
  onOpen: () => void
  onClose: () => void
}) {
  const t = useT()
  const [open, setOpen] = useState(false)
  const panelId = useId()
  return (
    <div className="edit-cart">
      <button
        type="button"
        className="button button--secondary"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          if (open) onClose()
          else onOpen()
          setOpen(!open)
        }}
      >
        {open ? t('EDIT_CART_DONE') : t('EDIT_CART')}
      </button>
      <section id={panelId} hidden={!open} className="edit-cart__panel" aria-label={t('EDIT_CART')}>
        {open ? (
          <ul className="cart-lines">
            {cart.items.map((item) => (
              <CartLine key={item.id} item={item} cart={cart} />
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  )
}
