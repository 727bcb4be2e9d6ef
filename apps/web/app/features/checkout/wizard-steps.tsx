import type { Cart } from '@shop/contracts/cart'
import { formatMoney } from '../../lib/format.ts'
import { useShop, useT } from '../../lib/shop.ts'
import { EmailText } from '../../ui/email-text.tsx'
import { SelectField } from '../../ui/form/select-field.tsx'
import { AddressFields } from '../address/address-fields.tsx'
import { AddressBookPicker } from './address-book.tsx'
import { BillingFields } from './billing-fields.tsx'
import { methodCost, methodKey } from './methods.ts'
import { StepAlert, StepSection } from './step-section.tsx'
import type { CheckoutWizardModel } from './use-checkout-wizard.ts'
import { stepOrder } from './wizard.ts'

interface StepProps {
  wizard: CheckoutWizardModel
  narrow: boolean
}

/** The Continue button of steps 1 to 3. */
export function ContinueButton({ wizard, step }: { wizard: CheckoutWizardModel; step: 1 | 2 | 3 }) {
  const t = useT()
  return (
    <button
      type="button"
      className="button button--primary"
      disabled={wizard.payment.submitting}
      onClick={() => void wizard.complete(step)}
    >
      {t('CONTINUE_STEP')}
    </button>
  )
}

/** Step 1: names, e-mail and the billing address. */
export function BillingStep({ wizard, narrow }: StepProps) {
  const t = useT()
  const { state, dispatch } = wizard
  const { billing } = state
  const correction = wizard.correction(1)
  return (
    <StepSection
      step={1}
      position={stepOrder(narrow).indexOf(1) + 1}
      title={t('STEP_BILLING')}
      state={wizard.stateOf(1)}
      onEdit={() => wizard.edit(1)}
      summary={
        <p>
          {billing.firstName} {billing.lastName}, <EmailText email={billing.email} />
        </p>
      }
    >
      <BillingFields
        billing={billing}
        guest={wizard.guest}
        errors={wizard.errors}
        onChange={(next) => dispatch({ type: 'billing', billing: next })}
        addresses={wizard.addresses}
        picked={state.picked.billing}
        onPick={(address) => dispatch({ type: 'pick-billing', address })}
        onAddressChange={(address) => dispatch({ type: 'billing-address', address })}
        countries={wizard.names.billing}
      />
      <StepAlert message={correction ? t(correction) : undefined} />
      <ContinueButton wizard={wizard} step={1} />
    </StepSection>
  )
}

/** Step 2: the shipping address (with the address book) and the shipping method. */
export function ShippingStep({ wizard, narrow, cart }: StepProps & { cart: Cart }) {
  const t = useT()
  const { language } = useShop()
  const { state, dispatch, shipping, methods } = wizard
  const correction = wizard.correction(2)
  const err = (key: string) => (wizard.errors[key] ? t(wizard.errors[key]) : undefined)
  return (
    <StepSection
      step={2}
      position={stepOrder(narrow).indexOf(2) + 1}
      title={t('STEP_SHIPPING')}
      state={wizard.stateOf(2)}
      onEdit={() => wizard.edit(2)}
      summary={
        <p>
          {shipping.address.contactName}, {shipping.address.street}, {shipping.address.city} —{' '}
          {wizard.method?.name}
        </p>
      }
    >
      <fieldset className="address-block">
        <legend>{t('SHIPPING_ADDRESS')}</legend>
        <AddressBookPicker
          addresses={wizard.addresses}
          shippable={wizard.names.shippable}
          selected={state.picked.shipping}
          onPick={(address) => dispatch({ type: 'pick-shipping', address })}
        />
        <AddressFields
          section="shipping"
          value={shipping.address}
          onChange={(address) => dispatch({ type: 'shipping-address', address })}
          countries={wizard.names.shipping}
          error={(field) => err(`shipping.${field}`)}
        />
      </fieldset>
      {methods.length === 0 ? (
        <p className="field__error">{t('NO_SHIPPING_METHODS')}</p>
      ) : (
        <SelectField
          label={t('SHIPPING_METHOD')}
          value={shipping.method}
          onChange={(method) => dispatch({ type: 'shipping-method', method })}
        >
          {methods.map((m) => (
            <option key={methodKey(m)} value={methodKey(m)}>
              {m.name} – {formatMoney(methodCost(m, cart.subTotalPrice.amount), cart.currency, language)}
            </option>
          ))}
        </SelectField>
      )}
      <StepAlert message={correction ? t(correction) : undefined} />
      <ContinueButton wizard={wizard} step={2} />
    </StepSection>
  )
}
