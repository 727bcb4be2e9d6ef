import type { CustomerAddress } from '@shop/contracts/address'
import type { Cart } from '@shop/contracts/cart'
import type { Customer } from '@shop/contracts/customer'
import type { ShippingZone } from '@shop/contracts/shipping'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import type { MessageKey } from '../../i18n/index.ts'
import { formatMoney } from '../../lib/format.ts'
import { useShop, useT } from '../../lib/shop.ts'
import { COUNTRIES, countryName } from '../account/countries.ts'
import { AddressBookPicker } from './address-book.tsx'
import { AddressFields } from './address-fields.tsx'
import { BillingFields } from './billing-fields.tsx'
import {
  type CardSummary,
  type PaymentId,
  type TokenResult,
  tokenizeCard,
  tokenizeStripeCard,
} from './card.ts'
import { CardFields } from './card-fields.tsx'
import './checkout.css'
import { EditCartPanel } from './edit-cart-panel.tsx'
import {
  type AddressValues,
  type BillingValues,
  type CardValues,
  emptyAddress,
  type FieldErrors,
  type ShippingValues,
  validateBilling,
  validateCardFields,
  validateShipping,
} from './fields.ts'
import { methodCost, methodKey, methodsFor } from './methods.ts'
import { OrderSummary, ProcessingDialog } from './order-summary.tsx'
import type { CheckoutActionData, WizardPost } from './place-order.server.ts'
import { ReviewStep } from './review-step.tsx'
import { SelectField } from './select-field.tsx'
import { StepAlert, StepSection } from './step-section.tsx'
import { StripeCardElement } from './stripe-card-element.tsx'
import type { StripeCardElement as CardElement } from './stripe-js.ts'
import { useNarrow } from './use-narrow.ts'
import { usePaymentProvider } from './use-payment-provider.ts'
import {
  cartTotalChanged,
  completeStep,
  editStep,
  type Flags,
  NO_FLAGS,
  openStep,
  type Step,
  stepOrder,
} from './wizard.ts'

const fromBook = (a: CustomerAddress): AddressValues => ({
  ...emptyAddress(a.country),
  contactName: a.contactName,
  companyName: a.companyName ?? '',
  street: a.street,
  streetAppendix: a.streetAppendix ?? '',
  city: a.city,
  state: a.state ?? '',
  zipCode: a.zipCode,
  contactPhone: a.contactPhone ?? '',
})

type CardToken = { token: string; paymentId: PaymentId }

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : '')

/** The four-step checkout wizard (spec §2, §4): 1 billing, 2 shipping, 3 payment, 4 review and submit. */
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
  const guest = !customer
  const narrow = useNarrow()
  const names = useMemo(() => {
    const sort = (codes: string[]) =>
      Array.from(new Set(codes))
        .map((code) => ({ code, name: countryName(code, language) }))
        .sort((a, b) => a.name.localeCompare(b.name))
    const shippable = zones.flatMap((z) => z.shipTo.map((s) => s.countryCode))
    return { shipping: sort(shippable), billing: sort([...COUNTRIES, ...shippable]), shippable }
  }, [zones, language])
  const firstCountry = names.shipping.some((c) => c.code === 'US') ? 'US' : (names.shipping[0]?.code ?? '')
  const defaultAddress = addresses.find((a) => a.isDefault && names.shippable.includes(a.country))

  const [flags, setFlags] = useState<Flags>(NO_FLAGS)
  const [billing, setBilling] = useState<BillingValues>(() => ({
    firstName: customer?.firstName ?? '',
    lastName: customer?.lastName ?? '',
    email: customer?.contactEmail ?? '',
    emailConfirm: '',
    sameAsShipping: true,
    address: emptyAddress(firstCountry),
  }))
  const [shipping, setShipping] = useState<ShippingValues>(() => ({
    address: defaultAddress ? fromBook(defaultAddress) : emptyAddress(firstCountry),
    method: '',
  }))
  const [picked, setPicked] = useState<{ billing?: string; shipping?: string }>({
    shipping: defaultAddress?.id,
  })
  const [nameEdited, setNameEdited] = useState(Boolean(defaultAddress))
  const [card, setCard] = useState<CardValues>({ number: '', expMonth: '', expYear: '', cvc: '' })
  const [attempted, setAttempted] = useState<Set<Step>>(new Set())
  const [extraErrors, setExtraErrors] = useState<FieldErrors>({})
  const [messages, setMessages] = useState<Partial<Record<Step, MessageKey>>>({})
  const [notice, setNotice] = useState<MessageKey | null>(null)
  const [token, setToken] = useState<CardToken | null>(null)
  const [tokenizing, setTokenizing] = useState(false)
  // With Stripe on, the card lives in Stripe.js's Card Element; the summary shows what Stripe tells of it.
  const provider = usePaymentProvider(language)
  const cardElement = useRef<CardElement | null>(null)
  const [cardSummary, setCardSummary] = useState<CardSummary | null>(null)
  const idempotencyKey = useRef('')
  const submitLock = useRef(false)
  // The order as last posted: after 3-D Secure the same body goes again with the authenticated intent.
  const postedOrder = useRef<WizardPost | null>(null)
  const [authenticating, setAuthenticating] = useState<string | null>(null)
  const moved = useRef(false)
  const preview = useFetcher<CheckoutActionData>({ key: 'checkout-preview' })
  const order = useFetcher<CheckoutActionData>({ key: 'checkout-order' })

  const methods = methodsFor(zones, shipping.address.country)
  const method = methods.find((m) => methodKey(m) === shipping.method) ?? methods[0]
  // Guests: the shipping contact name is built from the typed names until edited (behaviour notes).
  const shippingValues: ShippingValues = {
    address: nameEdited
      ? shipping.address
      : { ...shipping.address, contactName: `${billing.firstName} ${billing.lastName}`.trim() },
    method: method ? methodKey(method) : '',
  }
  const shippingAmount = method ? methodCost(method, cart.subTotalPrice.amount) : 0

  const errorsOf = (step: Step): FieldErrors => {
    if (step === 1) return validateBilling(billing, guest)
    if (step === 2) return validateShipping(shippingValues, names.shippable)
    if (step === 3) return provider.id === 'test-card' ? validateCardFields(card, new Date()) : {}
    return {}
  }
  const errors: FieldErrors = { ...extraErrors }
  for (const step of attempted) Object.assign(errors, errorsOf(step))

  const current = openStep(flags, narrow)
  const stateOf = (step: Step) =>
    step === current ? 'open' : step !== 4 && flags[`step${step}Done`] ? 'done' : 'later'

  // Each wizard state gets its own idempotency key: a changed step makes a new attempt.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key follows the flags on purpose
  useEffect(() => {
    idempotencyKey.current = newKey()
  }, [flags])

  // Moving between steps: the open step's anchor (#step2…#step4) and focus on its heading.
  useEffect(() => {
    if (!moved.current) return
    window.history.replaceState(window.history.state, '', `#step${current}`)
    document.getElementById(`step${current}-title`)?.focus()
  }, [current])

  // Cart edits: a changed total returns to step 2 (spec §4), once the edit-cart panel is closed.
  const total = cart.totalPrice.amount
  const seenTotal = useRef(total)
  const [cartOpen, setCartOpen] = useState(false)
  useEffect(() => {
    if (cartOpen || seenTotal.current === total) return
    seenTotal.current = total
    moved.current = true
    setFlags((f) => (f.step2Done ? cartTotalChanged(f) : f))
    setToken(null)
    setNotice('CART_CHANGED_BACK_TO_SHIPPING')
  }, [total, cartOpen])

  // Step 4 opens: preview the order (calculation with the ship-to address and method).
  const postBody = (extra: Partial<WizardPost> = {}) =>
    JSON.stringify({ guest, billing, shipping: shippingValues, ...extra } satisfies WizardPost)
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when step 4 opens or the cart changes
  useEffect(() => {
    if (current === 4) preview.submit({ intent: 'preview', wizard: postBody() }, { method: 'post' })
  }, [current, total])

  function focusFirstInvalid(step: Step) {
    if (step === 3 && cardElement.current) return cardElement.current.focus()
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`#step${step} [aria-invalid="true"]`)?.focus(),
    )
  }

  async function complete(step: 1 | 2 | 3) {
    setAttempted((a) => new Set(a).add(step))
    setNotice(null)
    const found = errorsOf(step)
    if (Object.keys(found).length > 0) {
      // Spec §5: errors show on untouched fields too, with PLEASE_CORRECT_ERRORS.
      setMessages((m) => ({ ...m, [step]: 'PLEASE_CORRECT_ERRORS' }))
      focusFirstInvalid(step)
      return
    }
    if (step === 3) {
      const made = await tokenize()
      if (!made) return focusFirstInvalid(3)
      setToken(made)
    }
    setMessages((m) => ({ ...m, [step]: undefined }))
    moved.current = true
    setFlags((f) => completeStep(f, step))
  }

  /** The card as a token of the active provider; Stripe's element exists only while the payment step is open. */
  function providerToken(): Promise<TokenResult> {
    if (provider.id === 'test-card') return tokenizeCard(card)
    if (provider.id === 'stripe' && cardElement.current)
      return tokenizeStripeCard(provider.stripe, cardElement.current)
    const message = provider.id === 'stripe' ? 'CARD_ENTER_AGAIN' : 'CARD_FORM_UNAVAILABLE'
    return Promise.resolve({ errors: {}, message })
  }

  /** Tokenizes the card; a refusal shows on the payment step (its fields and message) and gives null. */
  async function tokenize(): Promise<CardToken | null> {
    setTokenizing(true)
    const result = await providerToken()
    setTokenizing(false)
    if ('errors' in result) {
      setExtraErrors(result.errors)
      setMessages((m) => ({ ...m, 3: result.message ?? 'PLEASE_CORRECT_ERRORS' }))
      return null
    }
    setCardSummary(result.card ?? null)
    return { token: result.token, paymentId: result.paymentId }
  }

  function edit(step: 1 | 2 | 3) {
    moved.current = true
    setNotice(null)
    setFlags((f) => editStep(f, step))
  }

  async function placeOrder() {
    if (submitLock.current) return
    submitLock.current = true
    const calc = preview.data && 'preview' in preview.data ? preview.data.preview : null
    const cardToken = token ?? (await tokenize())
    if (!cardToken) {
      submitLock.current = false
      return edit(3)
    }
    setToken(null) // a token is charged at most once
    const posted: WizardPost = {
      guest,
      billing,
      shipping: shippingValues,
      token: cardToken.token,
      paymentId: cardToken.paymentId,
      totalPrice: calc?.totalPrice.amount,
      idempotencyKey: idempotencyKey.current,
    }
    postedOrder.current = posted
    order.submit({ intent: 'order', wizard: JSON.stringify(posted) }, { method: 'post' })
  }

  // 3-D Secure (ADR 0021): the bank's challenge runs in Stripe.js while the processing dialog stays, then the
  // same order goes again, same Idempotency-Key, with the intent; the server decides from the intent.
  const answered = order.state === 'idle' && order.data && 'status' in order.data ? order.data : null
  const clientSecret = answered?.authentication?.clientSecret ?? null
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per challenge
  useEffect(() => {
    const posted = postedOrder.current
    if (!clientSecret || !posted) return
    setAuthenticating(clientSecret)
    const challenge =
      provider.id === 'stripe'
        ? provider.stripe.handleNextAction({ clientSecret })
        : Promise.resolve({ paymentIntent: undefined, error: undefined })
    void challenge
      .catch(() => ({ paymentIntent: undefined, error: undefined }))
      .then((outcome) => {
        const paymentIntentId =
          outcome.paymentIntent?.id ?? outcome.error?.payment_intent?.id ?? clientSecret.split('_secret_')[0]
        order.submit(
          { intent: 'order', wizard: JSON.stringify({ ...posted, paymentIntentId }) },
          { method: 'post' },
        )
      })
      .finally(() => setAuthenticating(null))
  }, [clientSecret])

  // The order answered with a failure: the dialog closes, the §8 message shows; card errors reopen payment.
  const orderFailure = answered && !answered.authentication ? answered : null
  useEffect(() => {
    if (!orderFailure) return
    submitLock.current = false
    idempotencyKey.current = newKey()
    if (orderFailure.errors.cardNumber) {
      // Card failures map to the card number field: payment opens again with the message.
      setExtraErrors(orderFailure.errors)
      moved.current = true
      setFlags((f) => editStep(f, 3))
    }
  }, [orderFailure])

  const submitting = tokenizing || Boolean(authenticating || clientSecret) || order.state !== 'idle'
  // A step's PLEASE_CORRECT_ERRORS stays while the step still has errors.
  const correctionMessage = (step: 1 | 2) => {
    const message = messages[step]
    return message && Object.keys(errorsOf(step)).length ? t(message) : undefined
  }
  const shownCard = cardSummary ?? {
    last4: card.number.replace(/\D/g, '').slice(-4),
    expMonth: card.expMonth,
    expYear: card.expYear,
  }
  const continueButton = (step: 1 | 2 | 3) => (
    <button
      type="button"
      className="button button--primary"
      disabled={submitting}
      onClick={() => void complete(step)}
    >
      {t('CONTINUE_STEP')}
    </button>
  )
  const totalShown = formatMoney(total - cart.shippingCost.amount + shippingAmount, cart.currency, language)

  const steps: Record<Step, React.ReactNode> = {
    1: (
      <StepSection
        key={1}
        step={1}
        position={stepOrder(narrow).indexOf(1) + 1}
        title={t('STEP_BILLING')}
        state={stateOf(1)}
        onEdit={() => edit(1)}
        summary={
          <p>
            {billing.firstName} {billing.lastName}, {billing.email}
          </p>
        }
      >
        <BillingFields
          billing={billing}
          guest={guest}
          errors={errors}
          onChange={setBilling}
          addresses={addresses}
          picked={picked.billing}
          onPick={(a) => {
            setPicked({ ...picked, billing: a.id })
            setBilling({ ...billing, address: fromBook(a) })
          }}
          onAddressChange={(address) => {
            setPicked({ ...picked, billing: undefined })
            setBilling({ ...billing, address })
          }}
          countries={names.billing}
        />
        <StepAlert message={correctionMessage(1)} />
        {continueButton(1)}
      </StepSection>
    ),
    2: (
      <StepSection
        key={2}
        step={2}
        position={stepOrder(narrow).indexOf(2) + 1}
        title={t('STEP_SHIPPING')}
        state={stateOf(2)}
        onEdit={() => edit(2)}
        summary={
          <p>
            {shippingValues.address.contactName}, {shippingValues.address.street},{' '}
            {shippingValues.address.city} — {method?.name}
          </p>
        }
      >
        <fieldset className="address-block">
          <legend>{t('SHIPPING_ADDRESS')}</legend>
          <AddressBookPicker
            addresses={addresses}
            shippable={names.shippable}
            selected={picked.shipping}
            onPick={(a) => {
              setPicked({ ...picked, shipping: a.id })
              setNameEdited(true)
              setShipping({ address: fromBook(a), method: '' })
            }}
          />
          <AddressFields
            section="shipping"
            value={shippingValues.address}
            onChange={(address) => {
              if (address.contactName !== shippingValues.address.contactName) setNameEdited(true)
              setPicked({ ...picked, shipping: undefined })
              setShipping({
                address,
                method: address.country === shipping.address.country ? shipping.method : '',
              })
            }}
            countries={names.shipping}
            errors={errors}
          />
        </fieldset>
        {methods.length === 0 ? (
          <p className="field__error">{t('NO_SHIPPING_METHODS')}</p>
        ) : (
          <SelectField
            label={t('SHIPPING_METHOD')}
            value={shippingValues.method}
            onChange={(value) => setShipping({ ...shipping, method: value })}
          >
            {methods.map((m) => (
              <option key={methodKey(m)} value={methodKey(m)}>
                {m.name} – {formatMoney(methodCost(m, cart.subTotalPrice.amount), cart.currency, language)}
              </option>
            ))}
          </SelectField>
        )}
        <StepAlert message={correctionMessage(2)} />
        {continueButton(2)}
      </StepSection>
    ),
    3: (
      <StepSection
        key={3}
        step={3}
        position={3}
        title={t('STEP_PAYMENT')}
        state={stateOf(3)}
        onEdit={() => edit(3)}
        summary={
          <p>
            {t('CARD_ENDING', { last4: shownCard.last4, month: shownCard.expMonth, year: shownCard.expYear })}
          </p>
        }
      >
        {provider.id === 'test-card' ? (
          <CardFields
            card={card}
            errors={errors}
            onChange={(next) => {
              setCard(next)
              setExtraErrors({})
              setToken(null)
            }}
          />
        ) : provider.id === 'stripe' ? (
          <StripeCardElement
            stripe={provider.stripe}
            locale={language}
            errors={errors}
            onElement={(element) => {
              cardElement.current = element
            }}
            onChange={() => {
              setExtraErrors({})
              setToken(null)
            }}
          />
        ) : (
          <p className="hint" role={provider.id === 'failed' ? 'alert' : 'status'}>
            {t(provider.id === 'failed' ? 'CARD_FORM_UNAVAILABLE' : 'CARD_FORM_LOADING')}
          </p>
        )}
        <StepAlert
          message={
            messages[3]
              ? t(messages[3])
              : orderFailure?.errors.cardNumber
                ? t(orderFailure.message)
                : undefined
          }
          details={messages[3] ? undefined : orderFailure?.details}
        />
        {continueButton(3)}
      </StepSection>
    ),
    4: (
      <StepSection
        key={4}
        step={4}
        position={4}
        title={t('STEP_REVIEW')}
        state={current === 4 ? 'open' : 'later'}
      >
        <ReviewStep
          cart={cart}
          billing={billing}
          shipping={shippingValues}
          methodName={method?.name ?? ''}
          preview={preview.state === 'idle' ? preview.data : undefined}
          previewLoading={preview.state !== 'idle'}
          onRetryPreview={() => preview.submit({ intent: 'preview', wizard: postBody() }, { method: 'post' })}
          failure={orderFailure}
          submitting={submitting}
          onSubmit={() => void placeOrder()}
        />
      </StepSection>
    ),
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
        <EditCartPanel cart={cart} onOpen={() => setCartOpen(true)} onClose={() => setCartOpen(false)} />
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
      {submitting ? <ProcessingDialog /> : null}
    </div>
  )
}
