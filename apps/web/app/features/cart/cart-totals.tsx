import type { Cart } from '@shop/contracts/cart'
import { formatMoney } from '../../lib/format.ts'
import { useShop, useT } from '../../lib/shop.ts'
import { taxLineLabel } from '../../lib/tax-line.ts'

/** Subtotal, fees, discount, tax, shipping and total of a cart (behaviour notes "Cart"). */
export function CartTotals({ cart, shippingAmount }: { cart: Cart; shippingAmount?: number }) {
  const t = useT()
  const { language } = useShop()
  const money = (amount: number) => formatMoney(amount, cart.currency, language)
  const shipping = shippingAmount ?? cart.shippingCost.amount
  // The cart alone knows shipping only once an estimate country is served by a zone (docs/decisions/0036).
  const shippingKnown = shippingAmount !== undefined || cart.shippingMethod !== null
  const total =
    shippingAmount === undefined
      ? cart.totalPrice.amount
      : cart.totalPrice.amount - cart.shippingCost.amount + shipping
  const tax = cart.taxAggregate
  return (
    <dl className="totals">
      <div className="totals__row">
        <dt>
          {cart.totalUnitsCount === 1
            ? t('SUBTOTAL_ITEM')
            : t('SUBTOTAL_ITEMS', { count: cart.totalUnitsCount })}
        </dt>
        <dd>{money(cart.subTotalPrice.amount)}</dd>
      </div>
      {cart.totalFees.amount > 0 ? (
        <div className="totals__row">
          <dt>{t('FEES')}</dt>
          <dd>{money(cart.totalFees.amount)}</dd>
        </div>
      ) : null}
      {cart.totalDiscount.amount > 0 ? (
        <div className="totals__row">
          <dt>{t('DISCOUNT')}</dt>
          <dd>{money(-cart.totalDiscount.amount)}</dd>
        </div>
      ) : null}
      {cart.totalTax.amount > 0 ? (
        <div className="totals__row">
          <dt>{taxLineLabel(t, tax)}</dt>
          <dd>{money(cart.totalTax.amount)}</dd>
        </div>
      ) : null}
      <div className="totals__row">
        <dt>
          {shippingAmount === undefined && cart.shippingMethod
            ? t('SHIPPING_BY', { name: cart.shippingMethod.name })
            : t('SHIPPING')}
        </dt>
        <dd>{shippingKnown ? money(shipping) : t('SHIPPING_AT_CHECKOUT')}</dd>
      </div>
      <div className="totals__row totals__row--total">
        <dt>{shippingKnown ? t('TOTAL') : t('TOTAL_BEFORE_SHIPPING')}</dt>
        <dd>{money(total)}</dd>
      </div>
    </dl>
  )
}
