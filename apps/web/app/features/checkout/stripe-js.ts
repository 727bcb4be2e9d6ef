/**
 * A tiny Stripe.js loader (what `@stripe/stripe-js`'s loadStripe does): the script the shop announces
 * (GET /api/payments/provider `jsUrl`, https://js.stripe.com/v3 in production) is added to the page once,
 * then `window.Stripe(publishableKey)`. Only the part of Stripe.js the checkout uses is typed here.
 */

export interface StripeError {
  type: string
  /** Set on errors of `handleNextAction`: the intent whose authentication failed. */
  payment_intent?: { id: string; status: string }
  code?: string
  decline_code?: string
  param?: string
  message?: string
}

export interface StripePaymentMethod {
  id: string
  card?: { brand?: string; last4?: string; exp_month?: number; exp_year?: number }
}

export interface StripeCardElement {
  mount(target: HTMLElement | string): void
  on(event: 'change', handler: (event: { empty: boolean; complete: boolean }) => void): StripeCardElement
  on(event: 'ready' | 'focus' | 'blur', handler: () => void): StripeCardElement
  focus(): void
  destroy(): void
}

export interface StripeJs {
  elements(options?: { locale?: string }): {
    create(type: 'card', options?: Record<string, unknown>): StripeCardElement
  }
  createPaymentMethod(params: {
    type: 'card'
    card: StripeCardElement
  }): Promise<{ paymentMethod?: StripePaymentMethod; error?: StripeError }>
  /** Runs the bank's challenge (3-D Secure) of a PaymentIntent that requires an action. */
  handleNextAction(params: {
    clientSecret: string
  }): Promise<{ paymentIntent?: { id: string; status: string }; error?: StripeError }>
}

type StripeFactory = (publishableKey: string, options?: { locale?: string }) => StripeJs

declare global {
  interface Window {
    Stripe?: StripeFactory
  }
}

const loading = new Map<string, Promise<StripeFactory>>()

function injectScript(url: string): Promise<StripeFactory> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = url
    script.async = true
    script.addEventListener('load', () =>
      window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js did not define window.Stripe')),
    )
    script.addEventListener('error', () => {
      script.remove()
      reject(new Error(`Stripe.js could not be loaded from ${url}`))
    })
    document.head.appendChild(script)
  })
}

/** Loads Stripe.js once per URL (a failed load may be tried again) and returns `Stripe(publishableKey)`. */
export async function loadStripe(
  jsUrl: string,
  publishableKey: string,
  options: { locale?: string } = {},
): Promise<StripeJs> {
  let factory = loading.get(jsUrl)
  if (!factory) {
    factory = injectScript(jsUrl)
    loading.set(jsUrl, factory)
    factory.catch(() => loading.delete(jsUrl))
  }
  return (await factory)(publishableKey, options)
}
