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

const two = (n: number) => String(n).padStart(2, '0')

/**
 * Spec §9 dates: English MM/dd/yyyy, German dd.MM.yyyy (docs/decisions/0039). In the shop's time zone, UTC,
 * so the server's page and the browser's hydration print the same text.
 */
export function formatDate(iso: string, language: string): string {
  const d = new Date(iso)
  const [day, month, year] = [two(d.getUTCDate()), two(d.getUTCMonth() + 1), d.getUTCFullYear()]
  return language === 'de' ? `${day}.${month}.${year}` : `${month}/${day}/${year}`
}

/** Spec §9 times: English hh:mm a ("02:05 PM"), German HH:mm ("14:05"), after the date. */
export function formatDateTime(iso: string, language: string): string {
  const d = new Date(iso)
  const hours = d.getUTCHours()
  const minutes = two(d.getUTCMinutes())
  const time =
    language === 'de'
      ? `${two(hours)}:${minutes}`
      : `${two(hours % 12 || 12)}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`
  return `${formatDate(iso, language)}, ${time}`
}
