import type { MessageKey } from '../../i18n/index.ts'
import { ApiRequestError, createApiClient } from '../../lib/api.ts'
import type { FieldErrors } from './fields.ts'

export interface CardInput {
  number: string
  expMonth: string
  expYear: string
  cvc: string
}

export function validateCard(card: CardInput): FieldErrors {
  const errors: FieldErrors = {}
  const digits = card.number.replace(/\D/g, '')
  if (!digits) errors.cardNumber = 'FIELD_REQUIRED'
  else if (digits.length < 12) errors.cardNumber = 'INVALID_CARD_NUMBER'
  if (!card.expMonth || !card.expYear) errors.expiry = 'FIELD_REQUIRED'
  if (!card.cvc) errors.cvc = 'FIELD_REQUIRED'
  else if (!/^\d{3,4}$/.test(card.cvc)) errors.cvc = 'INVALID_CVC'
  return errors
}

export type TokenResult = { token: string } | { errors: FieldErrors; message?: MessageKey }

/**
 * Tokenizes the card in the browser with the payment provider (here the built-in test card provider), like
 * Stripe.js does: the card data goes only there, the shop's order call receives only the token.
 */
export async function tokenizeCard(card: CardInput): Promise<TokenResult> {
  const api = createApiClient({ fetch: window.fetch.bind(window), baseUrl: '' })
  try {
    const token = await api.createCardToken({
      number: card.number.replace(/\s/g, ''),
      exp_month: Number(card.expMonth),
      exp_year: Number(card.expYear),
      cvc: card.cvc,
    })
    return { token: token.id }
  } catch (error) {
    if (!(error instanceof ApiRequestError)) return { errors: {}, message: 'PAYMENT_PREVALIDATION_FAILED' }
    const raw = error.raw as { error?: { type?: string; code?: string; param?: string } } | undefined
    if (raw?.error?.type !== 'card_error') return { errors: {}, message: 'PAYMENT_PREVALIDATION_FAILED' }
    // Spec §5: card errors map to the number, expiry (INVALID_EXPIRATION_DATE) or cvc field.
    const { code, param } = raw.error
    if (param === 'exp_month' || param === 'exp_year' || code?.includes('expiry'))
      return { errors: { expiry: 'INVALID_EXPIRATION_DATE' } }
    if (param === 'cvc' || code === 'invalid_cvc') return { errors: { cvc: 'INVALID_CVC' } }
    if (code === 'card_declined' || code === 'insufficient_funds')
      return { errors: { cardNumber: 'CARD_DECLINED' } }
    return { errors: { cardNumber: 'INVALID_CARD_NUMBER' } }
  }
}
