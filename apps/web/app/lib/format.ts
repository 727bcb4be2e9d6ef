import { currencySymbol, minorDigits } from '@shop/contracts/money'
import type { Price } from '@shop/contracts/price'

/** Intl.NumberFormat is costly to build (it loads locale data): one per locale, digits and grouping. */
const formatters = new Map<string, Intl.NumberFormat>()

export function numberFormat(language: string, digits: number, grouping: boolean): Intl.NumberFormat {
  const locale = language === 'de' ? 'de-DE' : 'en-US'
  const key = `${locale}|${digits}|${grouping}`
  let format = formatters.get(key)
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: grouping,
    })
    formatters.set(key, format)
  }
  return format
}

/**
 * "24.99 USD" — the listing tile style (behaviour notes: amount, then the currency code); German pages use the
 * decimal comma ("24,99 USD"). No digit grouping, so a tile price never wraps at a separator.
 */
export function formatCodeAmount(amount: number, currency: string, language = 'en'): string {
  const number = numberFormat(language, minorDigits(currency), false).format(amount)
  return `${number} ${currency}`
}

/** "$24.99" — detail, cart, checkout and orders put the symbol first. */
export function formatMoney(amount: number, currency: string, language = 'en'): string {
  const number = numberFormat(language, minorDigits(currency), true).format(amount)
  const sign = amount < 0 ? '-' : ''
  return `${sign}${currencySymbol(currency)}${number.replace('-', '')}`
}

export function isOnSale(price: Pick<Price, 'effectiveAmount' | 'originalAmount'>): boolean {
  return price.effectiveAmount < price.originalAmount
}
