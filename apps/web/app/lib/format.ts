import { currencySymbol, minorDigits } from '@shop/contracts/money'
import type { Price } from '@shop/contracts/price'

/**
 * "24.99 USD" — the listing tile style (behaviour notes: amount, then the currency code); German pages use the
 * decimal comma ("24,99 USD"). No digit grouping, so a tile price never wraps at a separator.
 */
export function formatCodeAmount(amount: number, currency: string, language = 'en'): string {
  const digits = minorDigits(currency)
  const number = new Intl.NumberFormat(language === 'de' ? 'de-DE' : 'en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  }).format(amount)
  return `${number} ${currency}`
}

/** "$24.99" — detail, cart, checkout and orders put the symbol first. */
export function formatMoney(amount: number, currency: string, language = 'en'): string {
  const digits = minorDigits(currency)
  const number = new Intl.NumberFormat(language === 'de' ? 'de-DE' : 'en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount)
  const sign = amount < 0 ? '-' : ''
  return `${sign}${currencySymbol(currency)}${number.replace('-', '')}`
}

export function isOnSale(price: Pick<Price, 'effectiveAmount' | 'originalAmount'>): boolean {
  return price.effectiveAmount < price.originalAmount
}
