import type { StaffCoupon, StaffCouponCreate } from '@shop/contracts/backoffice-coupons'
import { patterns } from '@shop/contracts/common'
import type { ErrorDetail } from '@shop/contracts/errors'
import { textValues } from './form-values.ts'
import { amountText, type FieldErrors, parseAmount } from './product-form.ts'

/**
 * The coupon form (docs/decisions/0065-staff-coupons.md) as posted: every field a string, refilled as typed after
 * a refusal. Amounts are typed as "5.00" or "5,00" per currency; start and end are datetime-local fields read as
 * UTC; the restricted customers are e-mails, one per line.
 */
export type CouponFormValues = Record<string, string>

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** An instant → what a datetime-local field shows, in UTC ("2026-03-01T09:30"). */
export const dateTimeText = (iso: string | null) => (iso ? new Date(iso).toISOString().slice(0, 16) : '')

/** The fields of a saved coupon (or of a new one: empty, a percentage). */
export function couponFormValues(
  coupon: StaffCoupon | null,
  currencies: readonly string[],
): CouponFormValues {
  const values: CouponFormValues = {
    code: coupon?.code ?? '',
    name: coupon?.name ?? '',
    discountType: coupon?.discountType ?? 'PERCENT',
    percentage: coupon?.percentage === null || !coupon ? '' : String(coupon.percentage),
    validFrom: dateTimeText(coupon?.validFrom ?? null),
    validUntil: dateTimeText(coupon?.validUntil ?? null),
    maxRedemptions: coupon?.maxRedemptions ? String(coupon.maxRedemptions) : '',
    perCustomer: coupon?.perCustomer ? String(coupon.perCustomer) : '',
    customersOnly: coupon?.customersOnly ? 'on' : '',
    customers: (coupon?.customers ?? []).join('\n'),
  }
  for (const currency of currencies) {
    const amount = coupon?.amounts[currency]
    const min = coupon?.minOrders[currency]
    values[`amount-${currency}`] = amount === undefined ? '' : amountText(amount, currency)
    values[`min-${currency}`] = min === undefined ? '' : amountText(min, currency)
  }
  return values
}

/** The posted form as text fields. */
export const formValues = (form: FormData): CouponFormValues => textValues(form)

/** Amounts per currency: empty fields left out, each one above 0. */
function readAmounts(
  values: CouponFormValues,
  prefix: string,
  currencies: readonly string[],
  errors: FieldErrors,
) {
  const amounts: Record<string, number> = {}
  for (const currency of currencies) {
    const text = (values[`${prefix}-${currency}`] ?? '').trim()
    if (!text) continue
    const minor = parseAmount(text, currency)
    if (minor === undefined) errors[`${prefix}-${currency}`] = { key: 'AMOUNT_INVALID' }
    else if (minor < 1) errors[`${prefix}-${currency}`] = { key: 'AMOUNT_ABOVE_ZERO' }
    else amounts[currency] = minor
  }
  return amounts
}

function readLimit(values: CouponFormValues, field: string, errors: FieldErrors): number | null {
  const text = (values[field] ?? '').trim()
  if (!text) return null
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1) errors[field] = { key: 'LIMIT_INVALID' }
  return Number(text) || null
}

function readInstant(values: CouponFormValues, field: string, errors: FieldErrors): string | null {
  const text = (values[field] ?? '').trim()
  if (!text) return null
  const date = DATE_TIME.test(text) ? new Date(`${text}${text.length === 16 ? ':00' : ''}Z`) : null
  if (!date || Number.isNaN(date.getTime())) {
    errors[field] = { key: 'DATE_INVALID' }
    return null
  }
  return date.toISOString()
}

/** The form → the API's body, with the problems the page can see itself (the API checks again). */
export function readCouponForm(
  values: CouponFormValues,
  currencies: readonly string[],
): { input: StaffCouponCreate; errors: FieldErrors } {
  const errors: FieldErrors = {}
  const code = (values.code ?? '').trim()
  if (code.length < 3 || code.length > 24 || !patterns.couponCode.test(code))
    errors.code = { key: 'COUPON_CODE_INVALID' }
  const name = (values.name ?? '').trim()
  if (!name) errors.name = { key: 'REQUIRED' }
  const discountType = values.discountType === 'ABSOLUTE' ? 'ABSOLUTE' : 'PERCENT'
  let percentage: number | null = null
  if (discountType === 'PERCENT') {
    const text = (values.percentage ?? '').trim()
    percentage = /^\d{1,3}$/.test(text) ? Number(text) : null
    if (percentage === null || percentage < 1 || percentage > 100)
      errors.percentage = { key: 'PERCENTAGE_INVALID' }
  }
  const amounts = readAmounts(values, 'amount', currencies, errors)
  const first = currencies[0]
  if (discountType === 'ABSOLUTE' && Object.keys(amounts).length === 0 && first && !errors[`amount-${first}`])
    errors[`amount-${first}`] = { key: 'COUPON_AMOUNT_NEEDED' }
  const minOrders = readAmounts(values, 'min', currencies, errors)
  const validFrom = readInstant(values, 'validFrom', errors)
  const validUntil = readInstant(values, 'validUntil', errors)
  if (validFrom && validUntil && validUntil <= validFrom) errors.validUntil = { key: 'END_BEFORE_START' }
  const customers = (values.customers ?? '')
    .split(/[\s,;]+/)
    .map((line) => line.trim())
    .filter(Boolean)
  const wrong = customers.find((email) => !EMAIL.test(email))
  if (wrong) errors.customers = { key: 'EMAIL_NOT_VALID', values: { email: wrong } }
  return {
    input: {
      code,
      name,
      discountType,
      percentage,
      amounts: discountType === 'ABSOLUTE' ? amounts : {},
      minOrders,
      validFrom,
      validUntil,
      maxRedemptions: readLimit(values, 'maxRedemptions', errors),
      perCustomer: readLimit(values, 'perCustomer', errors),
      customersOnly: values.customersOnly === 'on',
      customers,
    },
    errors,
  }
}

/** The field a detail of the API's 400 or 409 names (`body.amounts.EUR` → `amount-EUR`). */
const FIELDS: Record<string, string> = { amounts: 'amount', minOrders: 'min' }

/** The API's refusal → the form's fields (what the page could not know: who has an account, a taken code). */
export function couponErrorsFromApi(
  details: readonly ErrorDetail[],
  sent: StaffCouponCreate,
  currencies: readonly string[],
): FieldErrors {
  const errors: FieldErrors = {}
  for (const d of details) {
    const [, field = '', sub] = (d.field ?? '').split('.')
    if (field === 'code')
      errors.code = { key: d.type === 'coupon_exists' ? 'COUPON_CODE_TAKEN' : 'COUPON_CODE_INVALID' }
    else if (field === 'name') errors.name = { key: 'REQUIRED' }
    else if (field === 'percentage') errors.percentage = { key: 'PERCENTAGE_INVALID' }
    else if (field === 'amounts' && !sub) errors[`amount-${currencies[0]}`] = { key: 'COUPON_AMOUNT_NEEDED' }
    else if (FIELDS[field] && sub) errors[`${FIELDS[field]}-${sub}`] = { key: 'AMOUNT_INVALID' }
    else if (field === 'validFrom') errors.validFrom = { key: 'DATE_INVALID' }
    else if (field === 'validUntil')
      errors.validUntil = {
        key: d.type === 'invalid' && sent.validUntil ? 'END_BEFORE_START' : 'DATE_INVALID',
      }
    else if (field === 'maxRedemptions' || field === 'perCustomer') errors[field] = { key: 'LIMIT_INVALID' }
    else if (field === 'customers') {
      const email = sent.customers?.[Number(sub)] ?? ''
      errors.customers = {
        key: d.type === 'unknown_customer' ? 'EMAIL_NO_CUSTOMER' : 'EMAIL_NOT_VALID',
        values: { email },
      }
    }
  }
  return errors
}
