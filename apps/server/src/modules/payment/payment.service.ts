import type { PaymentProviderInfo } from '@shop/contracts/payment'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/database.ts'
import type { ChargeRequest, ChargeResult, PaymentProvider, RefundPart } from './payment.provider.ts'
import type { StripeSettings } from './stripe.provider.ts'
import { TEST_CARD_TOKEN_URL, testCardProvider } from './test-card.provider.ts'

export type { ChargeResult, ChargeState, RefundPart } from './payment.provider.ts'
export { RefundRefused } from './payment.provider.ts'
export { tokenizeTestCard } from './test-card.provider.ts'

interface Registry {
  /** The provider new payments go through, and what the storefront needs to tokenize with it. */
  active: PaymentProvider
  info: PaymentProviderInfo
  /** Every provider an existing order may have been paid with, for refunds. */
  known: Record<string, PaymentProvider>
}

const testCardOnly = (): Registry => ({
  active: testCardProvider,
  info: { id: 'test-card', tokenUrl: TEST_CARD_TOKEN_URL },
  known: { 'test-card': testCardProvider },
})

/**
 * Payments as configured for one app (docs/decisions/0009-stripe.md): Stripe when its keys are set, otherwise
 * the built-in test card provider. Only the active provider takes new payments (the test card provider pays
 * nothing and must not be usable in a shop that takes real money); orders paid earlier with the test card
 * provider can still be refunded.
 */
export interface Payments {
  info: PaymentProviderInfo
  isPaymentAvailable(paymentId: string): boolean
  charge(paymentId: string, request: ChargeRequest, db: Db): Promise<ChargeResult>
  refund(paymentId: string, chargeId: string, db: Db, part?: RefundPart): Promise<void>
  /** Settling charges that asked for an authentication (3-D Secure), for providers that have them. */
  authentication(paymentId: string): PaymentProvider['authentication']
}

function createPayments(registry: Registry): Payments {
  const isPaymentAvailable = (paymentId: string) => paymentId === registry.active.id
  return {
    info: registry.info,
    isPaymentAvailable,
    charge(paymentId, request, db) {
      if (!isPaymentAvailable(paymentId))
        return Promise.resolve({ ok: false, code: 'processing_error', message: 'Unknown payment provider' })
      return registry.active.charge(request, db)
    },
    async refund(paymentId, chargeId, db, part) {
      // never a silent no-op: the caller would record money as returned that was not
      const provider = registry.known[paymentId]
      if (!provider) throw new Error(`No payment provider ${paymentId} to refund charge ${chargeId} with`)
      await provider.refund(chargeId, db, part)
    },
    authentication: (paymentId) => registry.known[paymentId]?.authentication,
  }
}

function registryOf(config: Config): Registry {
  if (!config.stripeSecretKey || !config.stripePublishableKey) return testCardOnly()
  const stripe = stripeProvider({ secretKey: config.stripeSecretKey, apiBase: config.stripeApiBase })
  return {
    active: stripe,
    info: {
      id: 'stripe',
      publishableKey: config.stripePublishableKey,
      apiBase: config.stripeApiBase,
      jsUrl: config.stripeJsUrl,
    },
    known: { stripe, 'test-card': testCardProvider },
  }
}

/**
 * Stripe's provider, its module (and with it Stripe's SDK, some 6 MB of heap) loaded only in a shop that has
 * Stripe's keys: loading starts here, when the payments are configured at start-up, so the first payment does
 * not wait for it; a shop on the test card never loads it (docs/decisions/0084).
 */
function stripeProvider(settings: StripeSettings): PaymentProvider {
  const loaded = import('./stripe.provider.ts').then((module) => module.createStripeProvider(settings))
  // A module that failed to load fails each payment that needs it, not the process (an unhandled rejection).
  loaded.catch(() => undefined)
  const authentication = async () => {
    const provider = (await loaded).authentication
    if (!provider) throw new Error('The Stripe provider has no authentication')
    return provider
  }
  return {
    id: 'stripe',
    charge: async (request, db) => (await loaded).charge(request, db),
    refund: async (chargeId, db, part) => (await loaded).refund(chargeId, db, part),
    authentication: {
      retrieve: async (chargeId) => (await authentication()).retrieve(chargeId),
      cancel: async (chargeId) => (await authentication()).cancel(chargeId),
    },
  }
}

const byConfig = new WeakMap<Config, Payments>()

/** Called once when the payment module is registered. */
export function configurePayments(config: Config): Payments {
  const payments = createPayments(registryOf(config))
  byConfig.set(config, payments)
  return payments
}

/** The payments of the app `ctx` belongs to. */
export function paymentsOf(ctx: { config: Config }): Payments {
  return byConfig.get(ctx.config) ?? configurePayments(ctx.config)
}
