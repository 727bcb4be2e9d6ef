import type { CardError, PaymentProviderInfo } from '@shop/contracts/payment'
import { ApiRequestError, type Transport } from './transport.ts'

/** The card provider the storefront tokenizes with. */
export function paymentCalls({ json }: Transport) {
  return {
    paymentProvider: () => json<PaymentProviderInfo>('GET', '/api/payments/provider'),
  }
}

export interface CardData {
  number: string
  exp_month: number
  exp_year: number
  cvc: string
}

/**
 * What Stripe.js does for a card (docs/decisions/0009-stripe.md): the card data is posted straight to Stripe's
 * API with the publishable key (`key=` in a form body, so the browser sends a simple cross-origin request) and
 * comes back as a PaymentMethod id. The shop's own API never sees the card. Errors are Stripe's `card_error`
 * bodies, raised as ApiRequestError like the test card provider's.
 */
export async function createStripePaymentMethod(
  fetch: typeof globalThis.fetch,
  provider: { publishableKey: string; apiBase: string },
  card: CardData,
): Promise<{ id: string }> {
  const body = new URLSearchParams({
    type: 'card',
    'card[number]': card.number,
    'card[exp_month]': String(card.exp_month),
    'card[exp_year]': String(card.exp_year),
    'card[cvc]': card.cvc,
    key: provider.publishableKey,
  })
  const response = await fetch(`${provider.apiBase}/v1/payment_methods`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  })
  const raw = (await response.json().catch(() => undefined)) as { id?: string } | CardError | undefined
  if (!response.ok || !raw || !('id' in raw) || !raw.id) {
    const error = raw && 'error' in raw ? raw.error : undefined
    throw new ApiRequestError(
      response.status,
      {
        status: response.status,
        type: error?.code ?? 'payment_provider_error',
        message: error?.message ?? `Payment provider answered ${response.status}`,
        details: [],
      },
      raw,
    )
  }
  return { id: raw.id }
}
