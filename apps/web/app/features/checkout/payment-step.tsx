import type { Cart } from '@shop/contracts/cart'
import { useShop, useT } from '../../lib/shop.ts'
import { CardFields } from './card-fields.tsx'
import { ReviewStep } from './review-step.tsx'
import { StepAlert, StepSection } from './step-section.tsx'
import { StripeCardElement } from './stripe-card-element.tsx'
import type { CheckoutWizardModel } from './use-checkout-wizard.ts'
import { ContinueButton } from './wizard-steps.tsx'

/** Step 3: the card, in the shop's test card inputs or Stripe's Card Element (whichever provider is on). */
export function PaymentStep({ wizard }: { wizard: CheckoutWizardModel }) {
  const t = useT()
  const { language } = useShop()
  const { state, dispatch, payment } = wizard
  const { provider, orderFailure } = payment
  const message = state.messages[3]
  const shownCard = state.cardSummary ?? {
    last4: state.card.number.replace(/\D/g, '').slice(-4),
    expMonth: state.card.expMonth,
    expYear: state.card.expYear,
  }
  return (
    <StepSection
      step={3}
      position={3}
      title={t('STEP_PAYMENT')}
      state={wizard.stateOf(3)}
      onEdit={() => wizard.edit(3)}
      summary={
        <p>
          {t('CARD_ENDING', { last4: shownCard.last4, month: shownCard.expMonth, year: shownCard.expYear })}
        </p>
      }
    >
      {provider.id === 'test-card' ? (
        <CardFields
          card={state.card}
          errors={wizard.errors}
          onChange={(card) => dispatch({ type: 'card', card })}
        />
      ) : provider.id === 'stripe' ? (
        <StripeCardElement
          stripe={provider.stripe}
          locale={language}
          errors={wizard.errors}
          onElement={payment.setCardElement}
          onChange={() => dispatch({ type: 'card-element-changed' })}
        />
      ) : (
        <p className="hint" role={provider.id === 'failed' ? 'alert' : 'status'}>
          {t(provider.id === 'failed' ? 'CARD_FORM_UNAVAILABLE' : 'CARD_FORM_LOADING')}
        </p>
      )}
      <StepAlert
        message={message ? t(message) : orderFailure?.errors.cardNumber ? t(orderFailure.message) : undefined}
        details={message ? undefined : orderFailure?.details}
      />
      <ContinueButton wizard={wizard} step={3} />
    </StepSection>
  )
}

/** Step 4: the review with the previewed totals and the place-order button. */
export function ReviewWizardStep({ wizard, cart }: { wizard: CheckoutWizardModel; cart: Cart }) {
  const t = useT()
  const { preview, payment } = wizard
  return (
    <StepSection
      step={4}
      position={4}
      title={t('STEP_REVIEW')}
      state={wizard.current === 4 ? 'open' : 'later'}
    >
      <ReviewStep
        cart={cart}
        billing={wizard.state.billing}
        shipping={wizard.shipping}
        methodName={wizard.method?.name ?? ''}
        preview={preview.state === 'idle' ? preview.data : undefined}
        previewLoading={preview.state !== 'idle'}
        onRetryPreview={wizard.retryPreview}
        failure={payment.orderFailure}
        submitting={payment.submitting}
        onSubmit={() => void wizard.placeOrder()}
      />
    </StepSection>
  )
}
