import { useEffect, useRef } from 'react'
import { useT } from '../../lib/shop.ts'
import type { FieldErrors } from './fields.ts'
import type { StripeCardElement as CardElement, StripeJs } from './stripe-js.ts'

const FIELDS = [
  ['cardNumber', 'card-number-error'],
  ['expiry', 'card-expiry-error'],
  ['cvc', 'card-cvc-error'],
] as const

/**
 * With Stripe on: Stripe.js's Card Element (Stripe's iframe, its own labelled number/expiry/cvc inputs) in place
 * of the shop's card inputs, so the card data never enters the shop's page. The element lives while the payment
 * step is open; `onElement` hands it to the wizard for `stripe.createPaymentMethod`. The §5 messages of the
 * three card fields show below it.
 */
export function StripeCardElement({
  stripe,
  locale,
  errors,
  onElement,
  onChange,
}: {
  stripe: StripeJs
  locale: string
  errors: FieldErrors
  onElement: (element: CardElement | null) => void
  onChange: () => void
}) {
  const t = useT()
  const node = useRef<HTMLDivElement>(null)
  const handlers = useRef({ onElement, onChange })
  handlers.current = { onElement, onChange }
  useEffect(() => {
    if (!node.current) return
    const element = stripe.elements({ locale }).create('card')
    element.on('change', () => handlers.current.onChange())
    element.mount(node.current)
    handlers.current.onElement(element)
    return () => {
      handlers.current.onElement(null)
      element.destroy()
    }
  }, [stripe, locale])
  const shown = FIELDS.filter(([key]) => errors[key])
  return (
    <div className="form-grid">
      <p className="hint field--wide">{t('CARD_FORM_NOTE')}</p>
      <fieldset
        className="field field--wide stripe-card"
        aria-describedby={shown.map(([, id]) => id).join(' ') || undefined}
        data-invalid={shown.length > 0 || undefined}
      >
        <legend className="visually-hidden">{t('STEP_PAYMENT')}</legend>
        <div ref={node} className="stripe-card__element" data-testid="stripe-card-element" />
        {shown.map(([key, id]) => (
          <p key={key} className="field__error" id={id}>
            {t(errors[key] ?? 'FIELD_REQUIRED')}
          </p>
        ))}
      </fieldset>
    </div>
  )
}
