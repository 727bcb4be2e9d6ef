import type { MessageKey } from '../../i18n/index.ts'

/** The checkout's posted fields (card fields are deliberately absent: they never reach the shop). */
export const CHECKOUT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'contactName',
  'street',
  'streetAppendix',
  'city',
  'zipCode',
  'country',
  'state',
  'shippingMethod',
] as const
export type CheckoutField = (typeof CHECKOUT_FIELDS)[number]
export type CheckoutValues = Record<CheckoutField, string>
export type FieldErrors = Partial<Record<CheckoutField | 'cardNumber' | 'expiry' | 'cvc', MessageKey>>

const REQUIRED: CheckoutField[] = [
  'firstName',
  'lastName',
  'email',
  'contactName',
  'street',
  'city',
  'zipCode',
  'country',
  'shippingMethod',
]
const MIN_TWO: CheckoutField[] = ['contactName', 'street', 'city', 'zipCode']
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Same rules in the browser (before tokenizing the card) and in the action (before the order call). */
export function validateCheckout(values: CheckoutValues): FieldErrors {
  const errors: FieldErrors = {}
  for (const field of REQUIRED) if (!values[field]?.trim()) errors[field] = 'FIELD_REQUIRED'
  for (const field of MIN_TWO)
    if (!errors[field] && values[field].trim().length < 2) errors[field] = 'FIELD_TOO_SHORT'
  if (!errors.email && !EMAIL.test(values.email.trim())) errors.email = 'EMAIL_INVALID'
  return errors
}

export function readValues(form: FormData): CheckoutValues {
  const values = {} as CheckoutValues
  for (const field of CHECKOUT_FIELDS) values[field] = String(form.get(field) ?? '')
  return values
}

/** API error detail fields (`body.addresses.0.street`, `customer.email`, …) → the form field they concern. */
export function fieldOfDetail(field: string | undefined): CheckoutField | undefined {
  if (!field) return undefined
  const last = field.split('.').pop() ?? ''
  return (CHECKOUT_FIELDS as readonly string[]).includes(last) ? (last as CheckoutField) : undefined
}
