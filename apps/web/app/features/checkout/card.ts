import type { PaymentProviderInfo } from '@shop/contracts/payment'
import type { MessageKey } from '../../i18n/index.ts'
import { createStripePaymentMethod } from '../../lib/api/payment.ts'
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

/** The order request's paymentId: the provider that made the token and will charge it. */
export type PaymentId = PaymentProviderInfo['id']

export type TokenResult =
  | { token: string; paymentId: PaymentId }
  | { errors: FieldErrors; message?: MessageKey }

let providerOnce: Promise<PaymentProviderInfo> | undefined

/** The shop's active card provider, asked once per page (the answer only changes with the shop's settings). */
function activeProvider(api: ReturnType<typeof createApiClient>): Promise<PaymentProviderInfo> {
  providerOnce ??= api.paymentProvider()
  return providerOnce
}

/**
 * Tokenizes the card in the browser with the shop's active payment provider (GET /api/payments/provider):
 * the built-in test card provider's endpoint, or Stripe's API with the publishable key as Stripe.js does
 * (docs/decisions/0009-stripe.md). The card data goes only there; the shop's order call receives the token
 * and the paymentId to charge it with.
 */
export async function tokenizeCard(
  card: CardInput,
  options: { fetch?: typeof globalThis.fetch; baseUrl?: string; provider?: PaymentProviderInfo } = {},
): Promise<TokenResult> {
  const fetch = options.fetch ?? window.fetch.bind(window)
  const api = createApiClient({ fetch, baseUrl: options.baseUrl ?? '' })
  const data = {
    number: card.number.replace(/\s/g, ''),
    exp_month: Number(card.expMonth),
    exp_year: Number(card.expYear),
    cvc: card.cvc,
  }
  try {
    const provider = options.provider ?? (await activeProvider(api))
    if (provider.id === 'stripe') {
      const method = await createStripePaymentMethod(fetch, provider, data)
      return { token: method.id, paymentId: 'stripe' }
    }
    const token = await api.createCardToken(data)
    return { token: token.id, paymentId: 'test-card' }
  } catch (error) {
    providerOnce = undefined
    return cardErrors(error)
  }
}

/** Spec §5: card errors map to the number, expiry (INVALID_EXPIRATION_DATE) or cvc field. */
function cardErrors(error: unknown): Extract<TokenResult, { errors: FieldErrors }> {
  if (!(error instanceof ApiRequestError)) return { errors: {}, message: 'PAYMENT_PREVALIDATION_FAILED' }
  const raw = error.raw as { error?: { type?: string; code?: string; param?: string } } | undefined
  if (raw?.error?.type !== 'card_error') return { errors: {}, message: 'PAYMENT_PREVALIDATION_FAILED' }
  const { code } = raw.error
  // Stripe names nested parameters card[exp_month]; the test card provider exp_month.
  const param = raw.error.param?.replace(/^card\[(.*)\]$/, '$1')
  if (param === 'exp_month' || param === 'exp_year' || code?.includes('expiry'))
    return { errors: { expiry: 'INVALID_EXPIRATION_DATE' } }
  if (param === 'cvc' || code === 'invalid_cvc') return { errors: { cvc: 'INVALID_CVC' } }
  if (code === 'card_declined' || code === 'insufficient_funds')
    return { errors: { cardNumber: 'CARD_DECLINED' } }
  return { errors: { cardNumber: 'INVALID_CARD_NUMBER' } }
}
