import type { CustomerAddress } from '@shop/contracts/address'
import type { Cart } from '@shop/contracts/cart'
import type { Customer } from '@shop/contracts/customer'
import type { ShippingZone } from '@shop/contracts/shipping'
import { useEffect, useMemo, useReducer, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { COUNTRIES, countryName } from '../address/countries.ts'
import type { CardValues, ShippingValues } from './fields.ts'
import { methodCost, methodKey, methodsFor } from './methods.ts'
import type { CheckoutActionData, WizardPost } from './place-order.server.ts'
import { usePayment } from './use-payment.ts'
import { openStep, type Step } from './wizard.ts'
import {
  type CardToken,
  initialWizard,
  shippingAddressOf,
  shownErrors,
  stepErrors,
  type WizardAction,
  wizardReducer,
} from './wizard-state.ts'

type Payment = ReturnType<typeof usePayment>

function focusFirstInvalid(step: Step, payment: Payment) {
  if (step === 3 && payment.focusCardElement()) return
  requestAnimationFrame(() =>
    document.querySelector<HTMLElement>(`#step${step} [aria-invalid="true"]`)?.focus(),
  )
}

/** Tokenizes the card; a refusal shows on the payment step (its fields and message) and gives null. */
async function tokenize(
  payment: Payment,
  card: CardValues,
  dispatch: React.Dispatch<WizardAction>,
): Promise<CardToken | null> {
  const result = await payment.tokenize(card)
  if ('errors' in result) {
    dispatch({ type: 'card-refused', errors: result.errors, message: result.message })
    return null
  }
  dispatch({ type: 'card-tokenized', card: result.card ?? null })
  return { token: result.token, paymentId: result.paymentId }
}

/**
 * The ship-to country the checkout starts with: the cart's estimate country when it is shipped to (so the
 * preselected cheapest method is the one the cart showed, docs/decisions/0036), else US, else the first.
 */
function firstCountry(offered: string[], estimate: string | null): string {
  if (estimate && offered.includes(estimate)) return estimate
  return offered.includes('US') ? 'US' : (offered[0] ?? '')
}

/** The countries of the two address forms: shipping only where a zone ships to, billing anywhere. */
function useCountryNames(zones: ShippingZone[], language: string) {
  return useMemo(() => {
    const sort = (codes: string[]) =>
      Array.from(new Set(codes))
        .map((code) => ({ code, name: countryName(code, language) }))
        .sort((a, b) => a.name.localeCompare(b.name))
    const shippable = zones.flatMap((z) => z.shipTo.map((s) => s.countryCode))
    return { shipping: sort(shippable), billing: sort([...COUNTRIES, ...shippable]), shippable }
  }, [zones, language])
}

/**
 * The checkout wizard's state and doings (spec §2, §4): the reducer over the form values and step flags
 * (wizard-state.ts), the payment (use-payment.ts), the preview, and moving between steps.
 */
export function useCheckoutWizard({
  cart,
  zones,
  customer,
  addresses,
  language,
  narrow,
}: {
  cart: Cart
  zones: ShippingZone[]
  customer: Customer | null
  addresses: CustomerAddress[]
  language: string
  narrow: boolean
}) {
  const guest = !customer
  const names = useCountryNames(zones, language)
  const [state, dispatch] = useReducer(wizardReducer, null, () =>
    initialWizard({
      customer,
      country: firstCountry(
        names.shipping.map((c) => c.code),
        cart.countryCode,
      ),
      defaultAddress: addresses.find((a) => a.isDefault && names.shippable.includes(a.country)),
    }),
  )
  const payment = usePayment({
    language,
    flags: state.flags,
    onCardFailure: (errors) => dispatch({ type: 'order-failed', errors }),
  })
  const preview = useFetcher<CheckoutActionData>({ key: 'checkout-preview' })

  const methods = methodsFor(zones, state.shipping.address.country)
  const method = methods.find((m) => methodKey(m) === state.shipping.method) ?? methods[0]
  const shipping: ShippingValues = {
    address: shippingAddressOf(state),
    method: method ? methodKey(method) : '',
  }
  const check = {
    guest,
    shipping,
    shippable: names.shippable,
    checkCard: payment.provider.id === 'test-card',
    now: new Date(),
  }
  const errorsOf = (step: Step) => stepErrors(state, step, check)
  const current = openStep(state.flags, narrow)
  const postBody = () => JSON.stringify({ guest, billing: state.billing, shipping } satisfies WizardPost)
  const cartOpen = useWizardEffects({
    current,
    moved: state.moved,
    total: cart.totalPrice.amount,
    onTotalChanged: () => dispatch({ type: 'cart-total-changed' }),
    onPreview: () => preview.submit({ intent: 'preview', wizard: postBody() }, { method: 'post' }),
  })

  async function complete(step: 1 | 2 | 3) {
    const valid = Object.keys(errorsOf(step)).length === 0
    // Spec §5: errors show on untouched fields too, with PLEASE_CORRECT_ERRORS.
    dispatch({ type: 'attempt', step, valid })
    if (!valid) return focusFirstInvalid(step, payment)
    const token = step === 3 ? await tokenize(payment, state.card, dispatch) : undefined
    if (token === null) return focusFirstInvalid(3, payment)
    dispatch({ type: 'complete', step, token })
  }

  const edit = (step: 1 | 2 | 3) => dispatch({ type: 'edit', step })

  async function placeOrder() {
    if (!payment.lock()) return
    const calc = preview.data && 'preview' in preview.data ? preview.data.preview : null
    const cardToken = state.token ?? (await tokenize(payment, state.card, dispatch))
    if (!cardToken) {
      payment.unlock()
      return edit(3)
    }
    dispatch({ type: 'token-spent' }) // a token is charged at most once
    payment.submitOrder({
      guest,
      billing: state.billing,
      shipping,
      token: cardToken.token,
      paymentId: cardToken.paymentId,
      totalPrice: calc?.totalPrice.amount,
    })
  }

  return {
    state,
    dispatch,
    guest,
    addresses,
    names,
    methods,
    method,
    shipping,
    shippingAmount: method ? methodCost(method, cart.subTotalPrice.amount) : 0,
    errors: shownErrors(state, check),
    /** A step's PLEASE_CORRECT_ERRORS stays while the step still has errors. */
    correction: (step: 1 | 2) =>
      state.messages[step] && Object.keys(errorsOf(step)).length ? state.messages[step] : undefined,
    current,
    stateOf: (step: Step) =>
      step === current ? 'open' : step !== 4 && state.flags[`step${step}Done`] ? 'done' : 'later',
    complete,
    edit,
    placeOrder,
    payment,
    preview,
    retryPreview: () => preview.submit({ intent: 'preview', wizard: postBody() }, { method: 'post' }),
    cartOpen,
  }
}

export type CheckoutWizardModel = ReturnType<typeof useCheckoutWizard>

/**
 * Moving between steps: the open step's anchor (#step2…#step4) and focus on its heading. Cart edits: a changed
 * total returns to step 2 (spec §4), once the edit-cart panel is closed. Step 4 opens: preview the order.
 */
function useWizardEffects({
  current,
  moved,
  total,
  onTotalChanged,
  onPreview,
}: {
  current: Step
  moved: boolean
  total: number
  onTotalChanged: () => void
  onPreview: () => void
}) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the open step changes
  useEffect(() => {
    if (!moved) return
    window.history.replaceState(window.history.state, '', `#step${current}`)
    document.getElementById(`step${current}-title`)?.focus()
  }, [current])

  const seenTotal = useRef(total)
  const [open, setOpen] = useState(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the total or the panel changes
  useEffect(() => {
    if (open || seenTotal.current === total) return
    seenTotal.current = total
    onTotalChanged()
  }, [total, open])

  // biome-ignore lint/correctness/useExhaustiveDependencies: only when step 4 opens or the cart changes
  useEffect(() => {
    if (current === 4) onPreview()
  }, [current, total])

  return { onOpen: () => setOpen(true), onClose: () => setOpen(false) }
}
