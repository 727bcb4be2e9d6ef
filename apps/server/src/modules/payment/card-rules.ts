import type { CardError, CardTokenRequest } from '@shop/contracts/payment'

/** Card checks of a real provider's test mode, as pure functions. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

export function brandOf(digits: string): string {
  if (/^3[47]/.test(digits)) return 'American Express'
  if (/^4/.test(digits)) return 'Visa'
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'MasterCard'
  if (/^(6011|65)/.test(digits)) return 'Discover'
  if (/^35/.test(digits)) return 'JCB'
  return 'Unknown'
}

/** What happens when a token of this card is charged (the provider's test numbers). */
export type CardOutcome = 'succeeds' | 'declined' | 'insufficient_funds'

export function outcomeOf(digits: string): CardOutcome {
  if (digits === '4000000000000002') return 'declined'
  if (digits === '4000000000009995') return 'insufficient_funds'
  return 'succeeds'
}

export interface ValidCard {
  digits: string
  brand: string
  expMonth: number
  expYear: number
}

const error = (
  code: CardError['error']['code'],
  param: CardError['error']['param'],
  message: string,
): CardError => ({
  error: { type: 'card_error', code, param, message },
})

export function validateCard(card: CardTokenRequest, now = new Date()): ValidCard | CardError {
  const digits = card.number.replace(/[\s-]/g, '')
  if (!luhnValid(digits)) return error('incorrect_number', 'number', 'Your card number is incorrect.')
  const expMonth = card.exp_month
  if (expMonth < 1 || expMonth > 12) {
    return error('invalid_expiry_month', 'exp_month', "Your card's expiration month is invalid.")
  }
  const expYear = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year
  const year = now.getUTCFullYear()
  const month = now.getUTCMonth() + 1
  if (expYear < year || (expYear === year && expMonth < month) || expYear > year + 50) {
    return error('invalid_expiry_year', 'exp_year', "Your card's expiration year is invalid.")
  }
  const brand = brandOf(digits)
  const cvcLength = brand === 'American Express' ? 4 : 3
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) {
    return error('invalid_cvc', 'cvc', "Your card's security code is invalid.")
  }
  return { digits, brand, expMonth, expYear }
}
