/**
 * Money travels inside the shop as integer minor units (cents) with its currency. The public API shows
 * decimal amounts as spec §3 does; these two functions are the only place where the two meet.
 */
const MINOR_DIGITS: Record<string, number> = {
  JPY: 0,
  CNY: 2,
  USD: 2,
  CAD: 2,
  EUR: 2,
  GBP: 2,
  PLN: 2,
  CHF: 2,
}

export const CURRENCY_SYMBOLS: Record<string, string> = {
  USD: '$',
  CAD: '$',
  EUR: '€',
  GBP: '£',
  JPY: '¥',
  CNY: '¥',
  PLN: 'zł',
  CHF: 'CHF',
}

export function minorDigits(currency: string): number {
  return MINOR_DIGITS[currency] ?? 2
}

/** 2499 USD → 24.99 */
export function toAmount(amountMinor: number, currency: string): number {
  const digits = minorDigits(currency)
  return digits === 0 ? amountMinor : Number((amountMinor / 10 ** digits).toFixed(digits))
}

/** 24.99 USD → 2499; exact for every amount with at most the currency's digits. */
export function toMinor(amount: number, currency: string): number {
  const digits = minorDigits(currency)
  const [whole = '0', fraction = ''] = Math.abs(amount).toFixed(digits).split('.')
  const minor = Number(whole) * 10 ** digits + Number(fraction || '0')
  return amount < 0 ? -minor : minor
}

export function currencySymbol(currency: string): string {
  return CURRENCY_SYMBOLS[currency] ?? currency
}
