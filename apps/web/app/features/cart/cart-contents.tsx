import { Link } from 'react-router'
import { useShop, useT } from '../../lib/shop.ts'
import { CartLine } from './cart-line.tsx'
import { CartTotals } from './cart-totals.tsx'
import { CouponForm } from './coupon-form.tsx'
import { TaxEstimate } from './tax-estimate.tsx'

/** Lines, coupons, tax estimate, totals and the checkout button; used by the slide-out panel and /cart. */
export function CartContents({ onNavigate }: { onNavigate?: () => void }) {
  const { cart } = useShop()
  const t = useT()
  if (!cart || cart.items.length === 0) {
    return (
      <div className="cart-empty">
        <p>{t('CART_EMPTY')}</p>
        <Link className="button button--secondary" to="/c/all" onClick={onNavigate}>
          {t('CONTINUE_SHOPPING')}
        </Link>
      </div>
    )
  }
  return (
    <div className="cart-contents">
      <ul className="cart-lines">
        {cart.items.map((item) => (
          <CartLine key={item.id} item={item} cart={cart} />
        ))}
      </ul>
      <CouponForm cart={cart} />
      {cart.taxAggregate.included ? null : <TaxEstimate cart={cart} />}
      <CartTotals cart={cart} />
      <Link className="button button--primary button--block" to="/checkout" onClick={onNavigate}>
        {t('CHECKOUT')}
      </Link>
    </div>
  )
}
