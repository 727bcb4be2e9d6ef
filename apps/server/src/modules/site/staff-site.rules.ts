import { type StaffSiteInput, type StaffTax, TAX_LABEL_MAX } from '@shop/contracts/backoffice-sites'
import type { ErrorDetail } from '@shop/contracts/errors'
import type { StoredTax } from './site.mapper.ts'

/**
 * What the owner may set on a site beyond the contract's shapes (docs/decisions/0067-staff-sites-and-tax.md).
 * Pure rules: each problem names its field as the API answers it.
 */
const invalid = (field: string, message: string): ErrorDetail => ({ field, type: 'invalid', message })

export interface SiteChecks {
  /** Spec §9: the countries an added sales tax applies to. */
  taxableCountries: readonly string[]
  /** The payment providers the shop is configured with. */
  payments: readonly string[]
  /** The label stored now: one that was longer than TAX_LABEL_MAX before may stay as it is. */
  storedLabel?: string
}

export function siteProblems(input: StaffSiteInput, checks: SiteChecks): ErrorDetail[] {
  const problems: ErrorDetail[] = []
  const languages = input.languages
  const twice = languages.findIndex((l, i) => languages.indexOf(l) < i)
  if (twice >= 0) problems.push(invalid(`body.languages.${twice}`, `${languages[twice]} is listed twice`))
  if (!languages.includes(input.defaultLanguage)) {
    problems.push(invalid('body.defaultLanguage', `one of the site's languages (${languages.join(', ')})`))
  }
  if ((input.default ?? false) && !(input.active ?? true)) {
    problems.push(invalid('body.active', 'the default site must be active'))
  }
  if (!checks.payments.includes(input.payment)) {
    problems.push(invalid('body.payment', `one of ${checks.payments.join(', ')}`))
  }
  const label = input.tax.label.trim()
  if (label.length > TAX_LABEL_MAX && label !== checks.storedLabel) {
    problems.push(invalid('body.tax.label', `at most ${TAX_LABEL_MAX} characters`))
  }
  if (input.tax.type === 'country') {
    for (const country of Object.keys(input.tax.rates)) {
      if (!checks.taxableCountries.includes(country)) {
        problems.push(
          invalid(`body.tax.rates.${country}`, `a taxable country (${checks.taxableCountries.join(', ')})`),
        )
      }
    }
  }
  return problems
}

/** The tax as `sites.tax` keeps it: FLATRATE, or PER_COUNTRY with its rates (an added tax). */
export function storedTaxFrom(tax: StaffTax): StoredTax {
  const label = tax.label.trim()
  if (tax.type === 'flat') return { id: 'FLATRATE', label, rate: tax.rate, included: tax.included }
  return { id: 'PER_COUNTRY', label, rate: 0, included: false, countries: { ...tax.rates } }
}

/** The stored tax as the owner edits it. */
export function staffTaxOf(stored: StoredTax): StaffTax {
  return stored.countries
    ? { type: 'country', label: stored.label, rates: { ...stored.countries } }
    : { type: 'flat', label: stored.label, rate: stored.rate, included: stored.included }
}
