import { assertCount, roundHalfUp } from './money.ts'

/** A site's tax as the calculation applies it. */
export interface CalcTax {
  /** Flat rate in basis points: 825 = 8.25 %. */
  rateBasisPoints: number
  /** VAT-style: part of every price (shown only); otherwise a sales tax added to the total. */
  included: boolean
}

/** Spec §9: the countries an added sales tax is estimated for. */
export const TAXABLE_COUNTRIES: readonly string[] = ['US', 'CA']

/**
 * The tax of a destination. An included tax (VAT) is part of every price, wherever the goods go. An added
 * sales tax applies to taxable countries only; while the destination is unknown it is estimated as if taxable.
 */
export function taxFor(tax: CalcTax, countryCode: string | null | undefined): CalcTax {
  if (tax.included || !countryCode || TAXABLE_COUNTRIES.includes(countryCode)) return tax
  return { rateBasisPoints: 0, included: false }
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
