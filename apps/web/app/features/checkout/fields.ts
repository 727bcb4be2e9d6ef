import type { MessageKey } from '../../i18n/index.ts'
import type { AddressValues } from '../address/address-values.ts'
import { templateOf } from '../address/countries.ts'

export { type AddressValues, emptyAddress } from '../address/address-values.ts'

export interface BillingValues {
  firstName: string
  lastName: string
  email: string
  /** Guests type the e-mail twice (spec §5 FIELDS_NOT_MATCHING); signed-in customers have it from the account. */
  emailConfirm: string
  sameAsShipping: boolean
  address: AddressValues
}

export interface ShippingValues {
  address: AddressValues
  /** `zoneId|methodId` */
  method: string
}

export interface CardValues {
  number: string
  expMonth: string
  expYear: string
  cvc: string
}

/** Error keys: `firstName`, `billing.street`, `shipping.zipCode`, `shippingMethod`, `cardNumber`, `expiry`, `cvc`. */
export type FieldErrors = Record<string, MessageKey>

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const MIN_TWO = ['contactName', 'street', 'city', 'zipCode'] as const

/** Address templates (US state list, CA province list, GB/DE no state, default optional state). */
export function validateAddress(
  prefix: string,
  a: AddressValues,
  shippable?: readonly string[],
): FieldErrors {
  const errors: FieldErrors = {}
  for (const field of MIN_TWO) {
    const value = a[field].trim()
    if (!value) errors[`${prefix}.${field}`] = 'FIELD_REQUIRED'
    else if (value.length < 2) errors[`${prefix}.${field}`] = 'FIELD_TOO_SHORT'
  }
  if (!a.country) errors[`${prefix}.country`] = 'FIELD_REQUIRED'
  else if (shippable && !shippable.includes(a.country)) errors[`${prefix}.country`] = 'COUNTRY_NOT_SHIPPABLE'
  const template = templateOf(a.country)
  if ((template === 'US' || template === 'CA') && !a.state) errors[`${prefix}.state`] = 'FIELD_REQUIRED'
  return errors
}

export function validateBilling(b: BillingValues, guest: boolean): FieldErrors {
  const errors: FieldErrors = {}
  if (!b.firstName.trim()) errors.firstName = 'FIELD_REQUIRED'
  if (!b.lastName.trim()) errors.lastName = 'FIELD_REQUIRED'
  const email = b.email.trim()
  if (!email) errors.email = 'FIELD_REQUIRED'
  else if (!EMAIL.test(email)) errors.email = 'EMAIL_INVALID'
  if (guest) {
    if (!b.emailConfirm.trim()) errors.emailConfirm = 'FIELD_REQUIRED'
    else if (b.emailConfirm.trim().toLowerCase() !== email.toLowerCase())
      errors.emailConfirm = 'EMAILS_NOT_MATCHING'
  }
  // Billing is not restricted to shippable countries (spec §5).
  return b.sameAsShipping ? errors : { ...errors, ...validateAddress('billing', b.address) }
}

export function validateShipping(s: ShippingValues, shippable: readonly string[]): FieldErrors {
  const errors = validateAddress('shipping', s.address, shippable)
  if (!s.method) errors.shippingMethod = 'FIELD_REQUIRED'
  return errors
}

/** Expiry years run from the current year for 10 years; months 01–12 (spec §5). */
export function expiryYears(now: Date): string[] {
  return Array.from({ length: 10 }, (_, i) => String(now.getFullYear() + i))
}
export const EXPIRY_MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'))

/** What can be checked before the provider sees the card; the provider's own card errors come on top. */
export function validateCardFields(card: CardValues, now: Date): FieldErrors {
  const errors: FieldErrors = {}
  const digits = card.number.replace(/\D/g, '')
  if (!digits) errors.cardNumber = 'FIELD_REQUIRED'
  else if (digits.length < 12) errors.cardNumber = 'FIELD_TOO_SHORT'
  if (!card.expMonth || !card.expYear) errors.expiry = 'FIELD_REQUIRED'
  else {
    const month = Number(card.expMonth)
    const year = Number(card.expYear)
    if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1))
      errors.expiry = 'INVALID_EXPIRATION_DATE'
  }
  if (!card.cvc) errors.cvc = 'FIELD_REQUIRED'
  else if (card.cvc.length < 3) errors.cvc = 'FIELD_TOO_SHORT'
  return errors
}

/** The billing address of the order: a copy of shipping when "same as shipping" is ticked (behaviour notes). */
export function billingAddressOf(b: BillingValues, s: ShippingValues): AddressValues {
  return b.sameAsShipping ? s.address : b.address
}
