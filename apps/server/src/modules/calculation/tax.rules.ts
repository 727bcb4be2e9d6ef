import { assertCount, roundHalfUp } from './money.ts'

/** A site's tax as the calculation applies it. */
export interface CalcTax {
  /** Flat rate in basis points: 825 = 8.25 %. */
  rateBasisPoints: number
  /** VAT-style: part of every price (shown only); otherwise a sales tax added to the total. */
  included: boolean
}

/**
 * A site's tax as the owner sets it (docs/decisions/0067-staff-sites-and-tax.md): a flat rate, or, for an added
 * sales tax only, a rate per taxable destination country (`countryRates`, basis points). An included tax (VAT) is
 * always one flat rate: it is part of the prices, which do not change with the destination.
 */
export interface SiteTax extends CalcTax {
  countryRates?: Readonly<Record<string, number>>
}

/** Spec §9: the countries an added sales tax is estimated for. */
export const TAXABLE_COUNTRIES: readonly string[] = ['US', 'CA']

const NO_TAX: CalcTax = { rateBasisPoints: 0, included: false }

/**
 * The tax of a destination. An included tax (VAT) is part of every price, wherever the goods go. An added
 * sales tax applies to taxable countries only. A flat one is estimated as if taxable while the destination is
 * unknown; rates per country apply only to a destination they list (unknown or unlisted: no tax).
 */
export function taxFor(tax: SiteTax, countryCode: string | null | undefined): CalcTax {
  if (tax.included) return { rateBasisPoints: tax.rateBasisPoints, included: true }
  if (countryCode && !TAXABLE_COUNTRIES.includes(countryCode)) return NO_TAX
  if (tax.countryRates) {
    const rate = countryCode ? tax.countryRates[countryCode] : undefined
    return rate === undefined ? NO_TAX : { rateBasisPoints: rate, included: false }
  }
  return { rateBasisPoints: tax.rateBasisPoints, included: false }
}

/**
 * The tax on a net amount, halves rounded up: added tax = net × rate; included tax = the part of the net that
 * is tax, net × rate / (1 + rate).
 */
export function taxOf(netMinor: number, tax: CalcTax): number {
  assertCount(tax.rateBasisPoints, 'tax rate')
  return tax.included
    ? roundHalfUp(netMinor * tax.rateBasisPoints, 10000 + tax.rateBasisPoints)
    : roundHalfUp(netMinor * tax.rateBasisPoints, 10000)
}
