import { paymentApi } from '@shop/contracts/payment'
import type { Transport } from './transport.ts'

/**
 * The card provider the storefront tokenizes with. With Stripe on, the card goes from Stripe.js's Card Element
 * (Stripe's iframe) straight to Stripe (features/checkout/stripe-js.ts, docs/decisions/0020-stripe-card-element.md); the
 * storefront's own code never posts card data to Stripe.
 */
export function paymentCalls({ call }: Transport) {
  return {
    paymentProvider: () => call(paymentApi.provider),
  }
}
