import type {
  StaffShippingMethod,
  StaffShippingMethodInput,
  StaffShippingZoneInput,
} from '@shop/contracts/backoffice-shipping'
import { isIsoCountry } from '@shop/contracts/countries'
import type { ErrorDetail } from '@shop/contracts/errors'
import { amountText, type FieldErrors, parseAmount } from './product-form.ts'

/**
 * The shipping page's forms (docs/decisions/0062-staff-shipping.md) → the staff API's bodies, and the API's
 * refusals → the fields. Amounts are typed as decimals and sent in minor units of the site's currency.
 */

/** Fee tiers a method form offers: the base fee (tier 1) and up to this many rows in all. */
export const MAX_TIERS = 10

/** A refused post: which form (its key), what was typed, each field's problem; `gone` for a 404. */
export interface ShippingFailure {
  form: string
  values: Record<string, string>
  errors: FieldErrors
  gone?: boolean
}

const textOf = (form: FormData) => (name: string) => String(form.get(name) ?? '').trim()

/** "de, AT ch" → ['DE', 'AT', 'CH']. */
export const splitCountries = (text: string) =>
  text
    .toUpperCase()
    .split(/[\s,;]+/)
    .filter(Boolean)

export function readZoneForm(form: FormData): { input: StaffShippingZoneInput; errors: FieldErrors } {
  const text = textOf(form)
  const errors: FieldErrors = {}
  const name = text('zoneName')
  if (!name) errors.zoneName = { key: 'REQUIRED' }
  const countries = splitCountries(text('countries'))
  const unknown = countries.find((code) => !isIsoCountry(code))
  const twice = countries.find((code, i) => countries.indexOf(code) < i)
  if (countries.length === 0) errors.countries = { key: 'REQUIRED' }
  else if (unknown) errors.countries = { key: 'COUNTRY_UNKNOWN', values: { code: unknown } }
  else if (twice) errors.countries = { key: 'COUNTRY_TWICE', values: { code: twice } }
  return { input: { name, countries }, errors }
}

export function readMethodForm(
  form: FormData,
  languages: readonly string[],
  currency: string,
): { input: StaffShippingMethodInput; errors: FieldErrors } {
  const text = textOf(form)
  const errors: FieldErrors = {}
  const names: Record<string, string> = {}
  for (const language of languages) {
    names[language] = text(`name-${language}`)
    if (!names[language]) errors[`name-${language}`] = { key: 'REQUIRED' }
  }
  const fee = parseAmount(text('fee'), currency)
  if (fee === undefined) errors.fee = { key: text('fee') ? 'AMOUNT_INVALID' : 'REQUIRED' }
  const fees = [{ minOrderMinor: 0, feeMinor: fee ?? 0 }]
  for (let n = 2; n <= MAX_TIERS; n++) {
    const [minText, feeText] = [text(`tier-${n}-min`), text(`tier-${n}-fee`)]
    if (!minText && !feeText) continue
    const min = parseAmount(minText, currency)
    const tierFee = parseAmount(feeText, currency)
    if (!minText || !feeText) errors[`tier-${n}-${minText ? 'fee' : 'min'}`] = { key: 'TIER_INCOMPLETE' }
    else if (min === undefined) errors[`tier-${n}-min`] = { key: 'AMOUNT_INVALID' }
    else if (tierFee === undefined) errors[`tier-${n}-fee`] = { key: 'AMOUNT_INVALID' }
    else if (min <= (fees[fees.length - 1]?.minOrderMinor ?? 0))
      errors[`tier-${n}-min`] = { key: 'TIER_ORDER' }
    else fees.push({ minOrderMinor: min, feeMinor: tierFee })
  }
  return { input: { names, fees, active: form.get('active') === 'on' }, errors }
}

/** The field a refused fee tier belongs to: tier 1's fee is `fee`, tier n's are `tier-n-min` and `tier-n-fee`. */
function tierField(index: number, part: string): string {
  if (index === 0) return 'fee'
  return `tier-${index + 1}-${part === 'minOrderMinor' ? 'min' : 'fee'}`
}

/** The API's 400 and 409 details → the form's fields (what the page could not know: another zone's countries). */
export function shippingErrorsFromApi(
  details: readonly ErrorDetail[],
  sent: { countries?: readonly string[] },
): FieldErrors {
  const errors: FieldErrors = {}
  for (const d of details) {
    const field = d.field ?? ''
    const country = /^body\.countries\.(\d+)/.exec(field)
    const fee = /^body\.fees\.(\d+)\.(\w+)/.exec(field)
    const taken = /^([A-Z]{2}) is in the zone "(.*)" \(/.exec(d.message)
    if (d.type === 'country_in_other_zone' && taken)
      errors.countries = { key: 'COUNTRY_IN_OTHER_ZONE', values: { code: taken[1]!, zone: taken[2]! } }
    else if (country)
      errors.countries = {
        key: 'COUNTRY_UNKNOWN',
        values: { code: sent.countries?.[Number(country[1])] ?? '' },
      }
    else if (field.startsWith('body.countries')) errors.countries = { key: 'REQUIRED' }
    else if (field === 'body.name') errors.zoneName = { key: 'REQUIRED' }
    else if (field.startsWith('body.names.'))
      errors[`name-${field.slice('body.names.'.length)}`] = { key: 'REQUIRED' }
    else if (fee)
      errors[tierField(Number(fee[1]), fee[2]!)] = {
        key: fee[2] === 'minOrderMinor' && fee[1] !== '0' ? 'TIER_ORDER' : 'AMOUNT_INVALID',
      }
  }
  return errors
}

/** A method's form values: its names, its tiers as amounts, active as the checkbox posts it. */
export function methodFormValues(
  method: StaffShippingMethod | undefined,
  languages: readonly string[],
  currency: string,
): Record<string, string> {
  const values: Record<string, string> = { active: !method || method.active ? 'on' : '' }
  for (const language of languages) values[`name-${language}`] = method?.names[language] ?? ''
  const fees = method?.fees ?? []
  values.fee = fees[0] ? amountText(fees[0].feeMinor, currency) : ''
  fees.slice(1).forEach((tier, i) => {
    values[`tier-${i + 2}-min`] = amountText(tier.minOrderMinor, currency)
    values[`tier-${i + 2}-fee`] = amountText(tier.feeMinor, currency)
  })
  return values
}

/** How many tier rows a method form shows: those with a value and one more, at most MAX_TIERS. */
export function tierCount(values: Readonly<Record<string, string>>): number {
  let filled = 1
  for (let n = 2; n <= MAX_TIERS; n++) if (values[`tier-${n}-min`] || values[`tier-${n}-fee`]) filled = n
  return Math.min(filled + 1, MAX_TIERS)
}

/** A listed method as the body of its edit: for the move and on/off buttons, which change one thing. */
export const methodInputOf = (
  method: StaffShippingMethod,
  change: Partial<StaffShippingMethodInput>,
): StaffShippingMethodInput => ({
  names: method.names,
  fees: method.fees,
  active: method.active,
  ...change,
})
