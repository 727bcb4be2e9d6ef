import type { CustomerAddress } from '@shop/contracts/address'
import type { Cart } from '@shop/contracts/cart'
import type { Customer } from '@shop/contracts/customer'
import type { ShippingZone } from '@shop/contracts/shipping'
import { formatMoney } from '../../lib/format.ts'
import { useShop, useT } from '../../lib/shop.ts'
import { EditCartPanel } from './edit-cart-panel.tsx'
import { OrderSummary, ProcessingDialog } from './order-summary.tsx'
import { PaymentStep, ReviewWizardStep } from './payment-step.tsx'
import { useCheckoutWizard } from './use-checkout-wizard.ts'
import { useNarrow } from './use-narrow.ts'
import { type Step, stepOrder } from './wizard.ts'
import { BillingStep, ShippingStep } from './wizard-steps.tsx'

/**
 * The four-step checkout wizard (spec §2, §4): 1 billing, 2 shipping, 3 payment, 4 review and submit. The state
 * is a reducer (wizard-state.ts), the payment a hook (use-payment.ts); this lays out the steps and the summary.
 */
export function CheckoutWizard({
  cart,
  zones,
  customer,
  addresses,
}: {
  cart: Cart
  zones: ShippingZone[]
  customer: Customer | null
  addresses: CustomerAddress[]
}) {
  const t = useT()
  const { language } = useShop()
  const narrow = useNarrow()
  const wizard = useCheckoutWizard({ cart, zones, customer, addresses, language, narrow })
  const { shippingAmount } = wizard
  const notice = wizard.state.notice
  const total = cart.totalPrice.amount
  const totalShown = formatMoney(total - cart.shippingCost.amount + shippingAmount, cart.currency, language)
  const steps: Record<Step, React.ReactNode> = {
    1: <BillingStep key={1} wizard={wizard} narrow={narrow} />,
    2: <ShippingStep key={2} wizard={wizard} narrow={narrow} cart={cart} />,
    3: <PaymentStep key={3} wizard={wizard} />,
    4: <ReviewWizardStep key={4} wizard={wizard} cart={cart} />,
  }
  return (
    <div className="checkout__layout">
      <div className="checkout__main">
        {narrow ? (
          <details className="panel checkout-preview">
            <summary>{t('SHOW_ORDER_PREVIEW', { total: totalShown })}</summary>
            <h2 className="visually-hidden">{t('ORDER_PREVIEW')}</h2>
            <OrderSummary cart={cart} shippingAmount={shippingAmount} />
          </details>
        ) : null}
        <EditCartPanel cart={cart} onOpen={wizard.cartOpen.onOpen} onClose={wizard.cartOpen.onClose} />
        {notice ? (
          <p className="alert" role="status">
            {t(notice)}
          </p>
        ) : null}
        <div className="wizard">{stepOrder(narrow).map((s) => steps[s])}</div>
      </div>
      {narrow ? null : (
        <aside className="checkout__summary panel" aria-labelledby="summary-title">
          <h2 id="summary-title">{t('ORDER_SUMMARY')}</h2>
          <OrderSummary cart={cart} shippingAmount={shippingAmount} />
        </aside>
      )}
      {wizard.payment.submitting ? <ProcessingDialog /> : null}
    </div>
  )
}
