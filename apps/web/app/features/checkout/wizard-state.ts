import type { CustomerAddress } from '@shop/contracts/address'
import type { MessageKey } from '../../i18n/index.ts'
import { type AddressValues, emptyAddress, fromBook } from '../address/address-values.ts'
import type { CardSummary, PaymentId } from './card.ts'
import {
  type BillingValues,
  type CardValues,
  type FieldErrors,
  type ShippingValues,
  validateBilling,
  validateCardFields,
  validateShipping,
} from './fields.ts'
import { cartTotalChanged, completeStep, editStep, type Flags, NO_FLAGS, type Step } from './wizard.ts'

/** A card tokenized on leaving the payment step, charged at most once. */
export interface CardToken {
  token: string
  paymentId: PaymentId
}

/** Everything the checkout wizard remembers between renders (spec §4); the payment provider's state aside. */
export interface WizardState {
  flags: Flags
  billing: BillingValues
  shipping: ShippingValues
  /** The address-book entries picked for billing and shipping; typing an address unpicks. */
  picked: { billing?: string; shipping?: string }
  /** Until edited (or picked), the shipping contact name follows the typed first and last names. */
  nameEdited: boolean
  card: CardValues
  /** Steps whose Continue was pressed: their errors show, on untouched fields too (spec §5). */
  attempted: Step[]
  /** Errors from outside the form: the provider's card errors, the order's card failure. */
  extraErrors: FieldErrors
  messages: Partial<Record<Step, MessageKey>>
  notice: MessageKey | null
  token: CardToken | null
  cardSummary: CardSummary | null
  /** The shopper moved between steps (the open step then gets its anchor and focus). */
  moved: boolean
}

export type WizardAction =
  | { type: 'billing'; billing: BillingValues }
  | { type: 'pick-billing'; address: CustomerAddress }
  | { type: 'billing-address'; address: AddressValues }
  | { type: 'pick-shipping'; address: CustomerAddress }
  | { type: 'shipping-address'; address: AddressValues }
  | { type: 'shipping-method'; method: string }
  | { type: 'card'; card: CardValues }
  | { type: 'card-element-changed' }
  | { type: 'attempt'; step: Step; valid: boolean }
  | { type: 'card-refused'; errors: FieldErrors; message?: MessageKey }
  | { type: 'card-tokenized'; card: CardSummary | null }
  | { type: 'complete'; step: 1 | 2 | 3; token?: CardToken }
  | { type: 'edit'; step: 1 | 2 | 3 }
  | { type: 'cart-total-changed' }
  | { type: 'token-spent' }
  | { type: 'order-failed'; errors: FieldErrors }

export function initialWizard({
  customer,
  country,
  defaultAddress,
}: {
  customer: { firstName?: string; lastName?: string; contactEmail?: string } | null
  /** The first country offered (US when shippable). */
  country: string
  /** The customer's default address, when it can be shipped to. */
  defaultAddress?: CustomerAddress
}): WizardState {
  return {
    flags: NO_FLAGS,
    billing: {
      firstName: customer?.firstName ?? '',
      lastName: customer?.lastName ?? '',
      email: customer?.contactEmail ?? '',
      emailConfirm: '',
      sameAsShipping: true,
      address: emptyAddress(country),
    },
    shipping: { address: defaultAddress ? fromBook(defaultAddress) : emptyAddress(country), method: '' },
    picked: { shipping: defaultAddress?.id },
    nameEdited: Boolean(defaultAddress),
    card: { number: '', expMonth: '', expYear: '', cvc: '' },
    attempted: [],
    extraErrors: {},
    messages: {},
    notice: null,
    token: null,
    cardSummary: null,
    moved: false,
  }
}

/** The shipping address as shown and posted: guests' contact name built from the typed names until edited. */
export function shippingAddressOf(state: WizardState): AddressValues {
  if (state.nameEdited) return state.shipping.address
  const { firstName, lastName } = state.billing
  return { ...state.shipping.address, contactName: `${firstName} ${lastName}`.trim() }
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'billing':
      return { ...state, billing: action.billing }
    case 'pick-billing':
      return {
        ...state,
        picked: { ...state.picked, billing: action.address.id },
        billing: { ...state.billing, address: fromBook(action.address) },
      }
    case 'billing-address':
      return {
        ...state,
        picked: { ...state.picked, billing: undefined },
        billing: { ...state.billing, address: action.address },
      }
    case 'pick-shipping':
      return {
        ...state,
        picked: { ...state.picked, shipping: action.address.id },
        nameEdited: true,
        shipping: { address: fromBook(action.address), method: '' },
      }
    case 'shipping-address': {
      const { address } = action
      const previous = state.shipping.address
      return {
        ...state,
        nameEdited: state.nameEdited || address.contactName !== shippingAddressOf(state).contactName,
        picked: { ...state.picked, shipping: undefined },
        // Another country has other methods: the choice starts again.
        shipping: { address, method: address.country === previous.country ? state.shipping.method : '' },
      }
    }
    case 'shipping-method':
      return { ...state, shipping: { ...state.shipping, method: action.method } }
    case 'card':
      return { ...state, card: action.card, extraErrors: {}, token: null }
    case 'card-element-changed':
      return { ...state, extraErrors: {}, token: null }
    case 'attempt':
      return {
        ...state,
        attempted: state.attempted.includes(action.step)
          ? state.attempted
          : [...state.attempted, action.step],
        notice: null,
        messages: action.valid
          ? state.messages
          : { ...state.messages, [action.step]: 'PLEASE_CORRECT_ERRORS' },
      }
    case 'card-refused':
      return {
        ...state,
        extraErrors: action.errors,
        messages: { ...state.messages, 3: action.message ?? 'PLEASE_CORRECT_ERRORS' },
      }
    case 'card-tokenized':
      return { ...state, cardSummary: action.card }
    case 'complete':
      return {
        ...state,
        token: action.step === 3 && action.token ? action.token : state.token,
        messages: { ...state.messages, [action.step]: undefined },
        moved: true,
        flags: completeStep(state.flags, action.step),
      }
    case 'edit':
      return { ...state, moved: true, notice: null, flags: editStep(state.flags, action.step) }
    case 'cart-total-changed':
      // Spec §4: a changed total returns to step 2 (when it was done); the token's amount is gone.
      return {
        ...state,
        moved: true,
        flags: state.flags.step2Done ? cartTotalChanged(state.flags) : state.flags,
        token: null,
        notice: 'CART_CHANGED_BACK_TO_SHIPPING',
      }
    case 'token-spent':
      return { ...state, token: null }
    case 'order-failed':
      // Card failures map to the card number field: payment opens again with the message.
      if (!action.errors.cardNumber) return state
      return { ...state, extraErrors: action.errors, moved: true, flags: editStep(state.flags, 3) }
  }
}

/** What a step's errors depend on besides the state: the shipping as resolved (method), who, what, when. */
export interface CheckContext {
  guest: boolean
  shipping: ShippingValues
  shippable: readonly string[]
  /** The shop's own card inputs are checked; Stripe's Card Element checks itself. */
  checkCard: boolean
  now: Date
}

/** The errors of one step's form (spec §5). */
export function stepErrors(state: WizardState, step: Step, ctx: CheckContext): FieldErrors {
  if (step === 1) return validateBilling(state.billing, ctx.guest)
  if (step === 2) return validateShipping(ctx.shipping, ctx.shippable)
  if (step === 3) return ctx.checkCard ? validateCardFields(state.card, ctx.now) : {}
  return {}
}

/** The errors shown: those from outside the form, and those of every step whose Continue was pressed. */
export function shownErrors(state: WizardState, ctx: CheckContext): FieldErrors {
  const errors: FieldErrors = { ...state.extraErrors }
  for (const step of state.attempted) Object.assign(errors, stepErrors(state, step, ctx))
  return errors
}
