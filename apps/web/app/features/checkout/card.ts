import type { PaymentProviderInfo } from '@shop/contracts/payment'
import type { MessageKey } from '../../i18n/index.ts'
import { browserTransport } from '../../lib/api/browser.ts'
import { checkoutCalls } from '../../lib/api/checkout.ts'
import { paymentCalls } from '../../lib/api/payment.ts'
import { ApiRequestError } from '../../lib/api.ts'
import type { CardValues, FieldErrors } from './fields.ts'
import type { StripeCardElement, StripeJs } from './stripe-js.ts'

/** The order request's paymentId: the provider that made the token and will charge it. */
export type PaymentId = PaymentProviderInfo['id']

/** What the payment step's summary shows of the tokenized card (Stripe tells it; the shop never sees it). */
export interface CardSummary {
  last4: string
  expMonth: string
  expYear: string
}

export type TokenResult =
  | { token: string; paymentId: PaymentId; card?: CardSummary }
  | { errors: FieldErrors; message?: MessageKey }

let providerOnce: Promise<PaymentProviderInfo> | undefined

/** The shop's active card provider, asked once per page (the answer only changes with the shop's settings). */
export function activeProvider(
  api: ReturnType<typeof paymentCalls> = paymentCalls(browserTransport()),
): Promise<PaymentProviderInfo> {
  providerOnce ??= api.paymentProvider()
  providerOnce.catch(() => {
    providerOnce = undefined
  })
  return providerOnce
}

/**
 * Tokenizes the card with the built-in test card provider (the shop's default). With Stripe on, the card is
 * typed into Stripe.js's Card Element instead and tokenized by `tokenizeStripeCard`; the shop's own inputs
 * are not shown, so this refuses to send card data anywhere but the test card provider.
 */
export async function tokenizeCard(
  card: CardValues,
  options: { fetch?: typeof globalThis.fetch; baseUrl?: string; provider?: PaymentProviderInfo } = {},
): Promise<TokenResult> {
  const transport = browserTransport({ fetch: options.fetch, baseUrl: options.baseUrl ?? '' })
  const api = { ...paymentCalls(transport), ...checkoutCalls(transport) }
  try {
    const provider = options.provider ?? (await activeProvider(api))
    if (provider.id !== 'test-card') return { errors: {}, message: 'PAYMENT_PREVALIDATION_FAILED' }
    const token = await api.createCardToken({
      number: card.number.replace(/\s/g, ''),
      exp_month: Number(card.expMonth),
      exp_year: Number(card.expYear),
      cvc: card.cvc,
    })
    return { token: token.id, paymentId: 'test-card' }
  } catch (error) {
    if (!(error instanceof ApiRequestError)) return { errors: {}, message: 'PAYMENT_PREVALIDATION_FAILED' }
    return cardErrors(error.raw as { error?: CardErrorLike } | undefined)
  }
}

/**
 * With Stripe on (docs/decisions/0020-stripe-card-element.md): `stripe.createPaymentMethod` reads the card from the Card
 * Element (Stripe's iframe) and answers a PaymentMethod, whose id is the order's token; the shop's page never
 * holds the card data.
 */
export async function tokenizeStripeCard(stripe: StripeJs, element: StripeCardElement): Promise<TokenResult> {
  try {
    const { paymentMethod, error } = await stripe.createPaymentMethod({ type: 'card', card: element })
    if (!paymentMethod) return cardErrors({ error })
    const card = paymentMethod.card
    return {
      token: paymentMethod.id,
      paymentId: 'stripe',
      card: {
        last4: card?.last4 ?? '',
        expMonth: String(card?.exp_month ?? '').padStart(2, '0'),
        expYear: String(card?.exp_year ?? ''),
      },
    }
  } catch {
    return { errors: {}, message: 'PAYMENT_PREVALIDATION_FAILED' }
  }
}

/** A provider's error: the test card provider's and Stripe's API `card_error`, or Stripe.js's `validation_error`. */
export interface CardErrorLike {
  type?: string
  code?: string
  param?: string
  message?: string
}

/** Spec §8 "payment token error": the provider refused the shop's key (missing, unknown or expired). */
const isKeyError = (error: CardErrorLike | undefined) =>
  error?.type === 'invalid_request_error' &&
  (error.code === 'api_key_expired' || /\b(api|publishable) key\b/i.test(error.message ?? ''))

/**
 * Spec §5: card errors map to the number, expiry (INVALID_EXPIRATION_DATE) or cvc field; anything else (a wrong
 * key gives the §8 missing-key message PAYMENT_KEY_MISSING; anything else (the provider unreachable) is the §8
 * PAYMENT_PREVALIDATION_FAILED message.
 */
export function cardErrors(
  raw: { error?: CardErrorLike } | undefined,
): Extract<TokenResult, { errors: FieldErrors }> {
  const type = raw?.error?.type
  if (isKeyError(raw?.error)) return { errors: {}, message: 'PAYMENT_KEY_MISSING' }
  if (type !== 'card_error' && type !== 'validation_error')
    return { errors: {}, message: 'PAYMENT_PREVALIDATION_FAILED' }
  const code = raw?.error?.code ?? ''
  // Stripe names nested parameters card[exp_month]; the test card provider exp_month.
  const param = raw?.error?.param?.replace(/^card\[(.*)\]$/, '$1')
  if (param === 'exp_month' || param === 'exp_year' || code.includes('expiry'))
    return { errors: { expiry: 'INVALID_EXPIRATION_DATE' } }
  if (param === 'cvc' || code.includes('cvc')) return { errors: { cvc: 'INVALID_CVC' } }
  if (code === 'card_declined' || code === 'insufficient_funds')
    return { errors: { cardNumber: 'CARD_DECLINED' } }
  return { errors: { cardNumber: 'INVALID_CARD_NUMBER' } }
}
