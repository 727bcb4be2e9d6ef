import type { Cart } from '@shop/contracts/cart'
import { formatMoney } from '../../lib/format.ts'
import { useShop, useT } from '../../lib/shop.ts'
import { taxLineLabel } from '../../lib/tax-line.ts'
import { EmailText } from '../../ui/email-text.tsx'
import { formatAddressLines } from '../address/address-lines.ts'
import { type BillingValues, billingAddressOf, type ShippingValues } from './fields.ts'
import type { CheckoutActionData } from './place-order.server.ts'
import { StepAlert } from './step-section.tsx'

/** Step 4: addresses, method, the previewed totals (spec §7 calculation) and the place-order button. */
export function ReviewStep({
  cart,
  billing,
  shipping,
  methodName,
  preview,
  previewLoading,
  onRetryPreview,
  failure,
  submitting,
  onSubmit,
}: {
  cart: Cart
  billing: BillingValues
  shipping: ShippingValues
  methodName: string
  preview: CheckoutActionData | undefined
  previewLoading: boolean
  onRetryPreview: () => void
  failure: Extract<CheckoutActionData, { intent: 'order' }> | null
  submitting: boolean
  onSubmit: () => void
}) {
  const t = useT()
  const { language } = useShop()
  const money = (amount: number) => formatMoney(amount, cart.currency, language)
  const calc = preview && 'preview' in preview ? preview.preview : null
  const previewError = preview && 'message' in preview ? preview : null
  return (
    <div className="review">
      <div className="review__addresses">
        <div>
          <h3>{t('SHIP_TO')}</h3>
          <p>{formatAddressLines(shipping.address, language).join(', ')}</p>
          <p>{methodName}</p>
        </div>
        <div>
          <h3>{t('BILL_TO')}</h3>
          <p>{formatAddressLines(billingAddressOf(billing, shipping), language).join(', ')}</p>
          <p>
            <EmailText email={billing.email} />
          </p>
        </div>
      </div>
      {previewLoading ? <p role="status">{t('PREVIEW_LOADING')}</p> : null}
      {previewError ? (
        <>
          <StepAlert message={t(previewError.message)} details={previewError.details} />
          <button type="button" className="button button--secondary" onClick={onRetryPreview}>
            {t('RETRY_PREVIEW')}
          </button>
        </>
      ) : null}
      {calc ? (
        <dl className="totals" data-testid="review-totals">
          <div className="totals__row">
            <dt>{t('SUBTOTAL')}</dt>
            <dd>{money(calc.subTotalPrice.amount)}</dd>
          </div>
          {calc.totalDiscount.amount > 0 ? (
            <div className="totals__row">
              <dt>{t('DISCOUNT')}</dt>
              <dd>−{money(calc.totalDiscount.amount)}</dd>
            </div>
          ) : null}
          {calc.totalFees.amount > 0 ? (
            <div className="totals__row">
              <dt>{t('FEES')}</dt>
              <dd>{money(calc.totalFees.amount)}</dd>
            </div>
          ) : null}
          {calc.totalTax.amount > 0 ? (
            <div className="totals__row">
              <dt>{taxLineLabel(t, { label: cart.taxAggregate.label, included: calc.taxIncluded })}</dt>
              <dd>{money(calc.totalTax.amount)}</dd>
            </div>
          ) : null}
          <div className="totals__row">
            <dt>{t('SHIPPING')}</dt>
            <dd>{money(calc.shippingCost.amount)}</dd>
          </div>
          <div className="totals__row totals__row--total">
            <dt>{t('TOTAL')}</dt>
            <dd data-testid="review-total">{money(calc.totalPrice.amount)}</dd>
          </div>
        </dl>
      ) : null}
      {failure ? <StepAlert message={t(failure.message)} details={failure.details} /> : null}
      <button
        type="button"
        className="button button--primary button--block button--large"
        disabled={submitting || !calc}
        onClick={onSubmit}
      >
        {submitting ? t('PLACING_ORDER') : t('PLACE_ORDER')}
      </button>
    </div>
  )
}
