import {
  NewSiteCodeSchema,
  SITE_LANGUAGES,
  type StaffNewSiteInput,
  type StaffSite,
  type StaffTax,
  TAX_LABEL_MAX,
} from '@shop/contracts/backoffice-sites'
import type { ErrorDetail } from '@shop/contracts/errors'
import type { FieldErrors } from './product-form.ts'

/**
 * The sites page's forms (docs/decisions/0067-staff-sites-and-tax.md) → the staff API's bodies, and the API's
 * refusals → the fields. Rates are typed as percentages ("8.25", "8,25") and sent in basis points.
 */

/** A refused post: which form (its key), what was typed, each field's problem. */
export interface SiteFailure {
  form: string
  values: Record<string, string>
  errors: FieldErrors
}

/** "8.25" or "8,25" → 825; 0 to 100 with at most two decimals, else undefined. */
export function parseRate(text: string): number | undefined {
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(text.trim())
  if (!match) return undefined
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  return basisPoints <= 10000 ? basisPoints : undefined
}

/** 825 → "8.25", 1900 → "19". */
export const rateText = (basisPoints: number) => String(basisPoints / 100)

const textOf = (form: FormData) => (name: string) => String(form.get(name) ?? '').trim()

function readTax(form: FormData, taxableCountries: readonly string[], errors: FieldErrors): StaffTax {
  const text = textOf(form)
  const label = text('taxLabel')
  if (text('taxType') === 'country') {
    const rates: Record<string, number> = {}
    for (const country of taxableCountries) {
      const typed = text(`rate-${country}`)
      if (!typed) continue
      const rate = parseRate(typed)
      if (rate === undefined) errors[`rate-${country}`] = { key: 'RATE_INVALID' }
      else rates[country] = rate
    }
    return { type: 'country', label, rates }
  }
  const rate = parseRate(text('taxRate') || '0')
  if (rate === undefined) errors.taxRate = { key: 'RATE_INVALID' }
  return { type: 'flat', label, rate: rate ?? 0, included: form.get('taxIncluded') === 'on' }
}

/**
 * A site form → the body of a new site (`code` given) or of an edit. What the page can tell is checked here; the
 * rest (a code taken, a used currency, the default site, a changed long label) comes back from the API.
 */
export function readSiteForm(
  form: FormData,
  taxableCountries: readonly string[],
  isNew: boolean,
): { input: StaffNewSiteInput; errors: FieldErrors } {
  const text = textOf(form)
  const errors: FieldErrors = {}
  const code = text('code')
  if (isNew && !NewSiteCodeSchema.safeParse(code).success)
    errors.code = { key: code ? 'SITE_CODE_INVALID' : 'REQUIRED' }
  const name = text('name')
  if (!name) errors.name = { key: 'REQUIRED' }
  const languages = SITE_LANGUAGES.filter((language) => form.get(`language-${language}`) === 'on')
  if (languages.length === 0) errors.languages = { key: 'LANGUAGES_REQUIRED' }
  const defaultLanguage = text('defaultLanguage') as (typeof SITE_LANGUAGES)[number]
  if (languages.length > 0 && !languages.includes(defaultLanguage))
    errors.defaultLanguage = { key: 'DEFAULT_LANGUAGE_NOT_OFFERED' }
  const active = form.get('active') === 'on'
  const isDefault = form.get('default') === 'on'
  if (isDefault && !active) errors.active = { key: 'DEFAULT_SITE_INACTIVE' }
  const tax = readTax(form, taxableCountries, errors)
  if (isNew && tax.label.length > TAX_LABEL_MAX) errors.taxLabel = { key: 'TAX_LABEL_TOO_LONG' }
  return {
    input: {
      code,
      name,
      currency: text('currency'),
      languages,
      defaultLanguage,
      active,
      default: isDefault,
      tax,
      payment: text('payment'),
    },
    errors,
  }
}

/** A site's form values as the page shows them first (a new site: the options' first choices). */
export function siteFormValues(
  site: StaffSite | undefined,
  defaults: { currency: string; payment: string },
): Record<string, string> {
  const values: Record<string, string> = {
    code: site?.code ?? '',
    name: site?.name ?? '',
    currency: site?.currency ?? defaults.currency,
    defaultLanguage: site?.defaultLanguage ?? 'en',
    active: !site || site.active ? 'on' : '',
    default: site?.default ? 'on' : '',
    payment: site?.payment || defaults.payment,
    taxType: site?.tax.type ?? 'flat',
    taxLabel: site?.tax.label ?? '',
    taxRate: site?.tax.type === 'flat' ? rateText(site.tax.rate) : '0',
    taxIncluded: site?.tax.type === 'flat' && site.tax.included ? 'on' : '',
  }
  for (const language of site?.languages ?? ['en']) values[`language-${language}`] = 'on'
  if (site?.tax.type === 'country')
    for (const [country, rate] of Object.entries(site.tax.rates)) values[`rate-${country}`] = rateText(rate)
  return values
}

const BY_TYPE: Record<string, [string, FieldErrors[string]]> = {
  site_exists: ['code', { key: 'SITE_CODE_TAKEN' }],
  currency_locked: ['currency', { key: 'CURRENCY_LOCKED' }],
  default_site_required: ['default', { key: 'DEFAULT_SITE_REQUIRED' }],
}

/** The API's 400 and 409 details → the form's fields. */
export function siteErrorsFromApi(
  details: readonly ErrorDetail[],
  taxableCountries: readonly string[],
): FieldErrors {
  const errors: FieldErrors = {}
  for (const d of details) {
    const field = d.field ?? ''
    const rate = /^body\.tax\.rates\.(\w+)$/.exec(field)
    const known = BY_TYPE[d.type]
    if (known) errors[known[0]] = known[1]
    else if (rate)
      errors[`rate-${rate[1]}`] = taxableCountries.includes(rate[1] ?? '')
        ? { key: 'RATE_INVALID' }
        : { key: 'COUNTRY_NOT_TAXABLE', values: { countries: taxableCountries.join(', ') } }
    else if (field === 'body.tax.label') errors.taxLabel = { key: 'TAX_LABEL_TOO_LONG' }
    else if (field === 'body.tax.rate') errors.taxRate = { key: 'RATE_INVALID' }
    else if (field.startsWith('body.tax')) errors.taxType = { key: 'VALUE_INVALID' }
    else if (field === 'body.code') errors.code = { key: 'SITE_CODE_INVALID' }
    else if (field.startsWith('body.languages')) errors.languages = { key: 'LANGUAGES_REQUIRED' }
    else if (field === 'body.defaultLanguage')
      errors.defaultLanguage = { key: 'DEFAULT_LANGUAGE_NOT_OFFERED' }
    else if (field === 'body.active') errors.active = { key: 'DEFAULT_SITE_INACTIVE' }
    else if (field === 'body.name') errors.name = { key: 'REQUIRED' }
    else if (field.startsWith('body.'))
      errors[field.slice(5).split('.')[0] ?? 'name'] = { key: 'VALUE_INVALID' }
  }
  return errors
}
