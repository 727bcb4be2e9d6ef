import type { Cart } from '@shop/contracts/cart'
import { formatMoney } from '../../lib/format.ts'
import { useShop, useT } from '../../lib/shop.ts'
import { CartTotals } from '../cart/cart-totals.tsx'

/** Lines and totals with the chosen shipping cost: the desktop sidebar and the phone's order preview. */
export function OrderSummary({ cart, shippingAmount }: { cart: Cart; shippingAmount: number }) {
  const { language } = useShop()
  return (
    <>
      <ul className="summary-lines">
        {cart.items.map((item) => (
          <li key={item.id}>
            <span>
              {item.quantity} × {item.product.name}
              {item.variants.length ? (
                <span className="summary-lines__variant"> ({item.variants.join(', ')})</span>
              ) : null}
            </span>
            <span>{formatMoney(item.itemPrice.amount, cart.currency, language)}</span>
          </li>
        ))}
      </ul>
      <CartTotals cart={cart} shippingAmount={shippingAmount} />
    </>
  )
}

/** Spec §4: while submitting, a processing dialog with a spinner. */
export function ProcessingDialog() {
  const t = useT()
  return (
    <div className="processing-backdrop">
      <div
        className="processing-dialog panel"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="processing-title"
        aria-describedby="processing-hint"
        aria-busy="true"
      >
        <span className="spinner" aria-hidden="true" />
        <p id="processing-title" className="processing-dialog__title">
          {t('PROCESSING_ORDER')}
        </p>
        <p id="processing-hint">{t('PROCESSING_ORDER_HINT')}</p>
      </div>
    </div>
  )
}
