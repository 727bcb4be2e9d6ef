import Stripe from 'stripe'
import {
  type ChargeFailureCode,
  type ChargeResult,
  type ChargeState,
  type PaymentProvider,
  RefundRefused,
} from './payment.provider.ts'

export interface StripeSettings {
  secretKey: string
  /** https://api.stripe.com in production; a loopback stand-in in tests (host, port and protocol are used). */
  apiBase: string
}

/**
 * Card payments through Stripe's server SDK (docs/decisions/0009-stripe.md). The browser turns card data into a
 * PaymentMethod with the publishable key (Stripe.js); the shop only ever receives its `pm_…` id and charges
 * it here with a PaymentIntent created and confirmed in one call, under the checkout's idempotency key, so a
 * retried request never charges twice. The charge id the shop keeps is the PaymentIntent id; refunds name it.
 * The database transaction is not used: Stripe is compensated with a refund instead. A card that asks for
 * 3-D Secure answers `requires_action` with the intent's client secret; `authentication` settles it later.
 */
export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const base = new URL(settings.apiBase)
  const protocol = base.protocol === 'http:' ? 'http' : 'https'
  const stripe = new Stripe(settings.secretKey, {
    host: base.hostname,
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'shop' },
  })
  /** The intent as the shop needs it to settle a 3-D Secure authentication. */
  const stateOf = (intent: Stripe.PaymentIntent): ChargeState => {
    const method = typeof intent.payment_method === 'object' ? intent.payment_method : null
    return {
      chargeId: intent.id,
      status:
        intent.status === 'succeeded'
          ? 'succeeded'
          : intent.status === 'requires_action'
            ? 'requires_action'
            : 'failed',
      amountMinor: intent.amount,
      currency: intent.currency.toUpperCase(),
      reference: intent.metadata?.order_id,
      brand: brandName(method?.card?.brand),
      last4: method?.card?.last4 ?? '',
    }
  }
  const retrieve = (intentId: string) =>
    stripe.paymentIntents.retrieve(intentId, { expand: ['payment_method'] }).then(stateOf)
  return {
    id: 'stripe',
    async charge({ token, amountMinor, currency, idempotencyKey }): Promise<ChargeResult> {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountMinor,
            currency: currency.toLowerCase(),
            payment_method: token,
            allowed_payment_method_types: ['card'],
            confirm: true,
            expand: ['payment_method'],
            metadata: { order_id: idempotencyKey },
          },
          { idempotencyKey: `charge-${idempotencyKey}` },
        )
        // The bank asks for 3-D Secure: nothing is taken; the shopper's browser runs the challenge (ADR 0021).
        if (intent.status === 'requires_action' && intent.client_secret) {
          return {
            ok: false,
            code: 'requires_action',
            message: 'The card needs an authentication (3-D Secure).',
            intentId: intent.id,
            clientSecret: intent.client_secret,
          }
        }
        if (intent.status !== 'succeeded') {
          return { ok: false, code: 'processing_error', message: `The payment is ${intent.status}.` }
        }
        const method = typeof intent.payment_method === 'object' ? intent.payment_method : null
        return {
          ok: true,
          chargeId: intent.id,
          brand: brandName(method?.card?.brand),
          last4: method?.card?.last4 ?? '',
        }
      } catch (error) {
        return failure(error)
      }
    },
    async refund(chargeId, _db, part) {
      try {
        await stripe.refunds.create(
          part ? { payment_intent: chargeId, amount: part.amountMinor } : { payment_intent: chargeId },
          { idempotencyKey: part ? `refund-${part.idempotencyKey}` : `refund-${chargeId}` },
        )
      } catch (error) {
        // A whole refund that happened already (an earlier attempt whose answer was lost) is what we wanted.
        if (!part && error instanceof Stripe.errors.StripeError && error.code === 'charge_already_refunded')
          return
        if (
          part &&
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          error.code === 'amount_too_large'
        )
          throw new RefundRefused(error.message)
        throw error
      }
    },
    authentication: {
      async retrieve(intentId) {
        try {
          return await retrieve(intentId)
        } catch (error) {
          if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
            return undefined
          throw error
        }
      },
      async cancel(intentId) {
        try {
          const intent = await stripe.paymentIntents.cancel(
            intentId,
            { expand: ['payment_method'] },
            { idempotencyKey: `cancel-${intentId}` },
          )
          return stateOf(intent)
        } catch (error) {
          // Succeeded or cancelled meanwhile (or an earlier cancel whose answer was lost): what it is now counts.
          const state = error instanceof Stripe.errors.StripeError ? error.code : undefined
          if (state !== 'payment_intent_unexpected_state') throw error
          return retrieve(intentId)
        }
      },
    },
  }
}

/** Stripe's errors as the shop's charge failures; anything but a card error is a processing error. */
function failure(error: unknown): ChargeResult {
  if (error instanceof Stripe.errors.StripeCardError) {
    const code: ChargeFailureCode =
      error.decline_code === 'insufficient_funds' || error.code === 'insufficient_funds'
        ? 'insufficient_funds'
        : 'card_declined'
    return { ok: false, code, message: error.message }
  }
  const message =
    error instanceof Stripe.errors.StripeInvalidRequestError
      ? error.message
      : 'The payment provider could not be reached.'
  return { ok: false, code: 'processing_error', message }
}

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'MasterCard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
}

/** The shop names brands like the test card provider does (Visa, MasterCard, …). */
const brandName = (brand: string | undefined) => (brand ? (BRANDS[brand] ?? brand) : 'Unknown')
