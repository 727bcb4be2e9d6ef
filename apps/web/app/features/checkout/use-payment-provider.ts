import { useEffect, useState } from 'react'
import { activeProvider } from './card.ts'
import { loadStripe, type StripeJs } from './stripe-js.ts'

export type PaymentProviderState =
  | { id: 'loading' }
  | { id: 'failed' }
  | { id: 'test-card' }
  | { id: 'stripe'; stripe: StripeJs }

/**
 * The payment step's card provider, asked in the browser (GET /api/payments/provider): the shop's own card
 * inputs for the test card provider, or Stripe.js (loaded from the announced `jsUrl`) and its Card Element.
 */
export function usePaymentProvider(locale: string): PaymentProviderState {
  const [state, setState] = useState<PaymentProviderState>({ id: 'loading' })
  useEffect(() => {
    let live = true
    activeProvider()
      .then(async (provider) => {
        if (provider.id !== 'stripe') return { id: provider.id } as const
        const stripe = await loadStripe(provider.jsUrl, provider.publishableKey, { locale })
        return { id: 'stripe', stripe } as const
      })
      .catch(() => ({ id: 'failed' }) as const)
      .then((next) => {
        if (live) setState(next)
      })
    return () => {
      live = false
    }
  }, [locale])
  return state
}
