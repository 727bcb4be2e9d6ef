import type { Db } from '../../platform/db/database.ts'

/**
 * A card payment provider as the server sees it. Tokenizing card data is the provider's own concern (its
 * script or, for the built-in test provider, its own route); the shop only ever holds a token.
 * `db` is the transaction of the calling write: a provider with its ledger in our database (the test card
 * provider) takes part in it, an external one ignores it and is compensated with `refund`.
 */
export interface PaymentProvider {
  id: string
  charge(request: ChargeRequest, db: Db): Promise<ChargeResult>
  /**
   * Without `part`: returns what is left of the charge (a refund that happened already is no error). With
   * `part`: returns that amount once per idempotency key (a retry or a double click replays it); an amount above
   * what is left is refused with `RefundRefused`.
   */
  refund(chargeId: string, db: Db, part?: RefundPart): Promise<void>
  /**
   * Providers whose charges can ask for an authentication (Stripe's 3-D Secure, ADR 0021): the charge as it
   * stands now, and giving up on one that did not succeed. Absent for providers without authentication.
   */
  authentication?: {
    /** The PaymentIntent `chargeId`; undefined when the provider knows no such charge. */
    retrieve(chargeId: string): Promise<ChargeState | undefined>
    /** Cancels a charge that did not succeed; answers its state afterwards (`succeeded` when it won the race). */
    cancel(chargeId: string): Promise<ChargeState>
  }
}

/** A refund of part of a charge (docs/decisions/0064-refunds-and-timeline.md). */
export interface RefundPart {
  amountMinor: number
  idempotencyKey: string
}

/** The provider refused the refund for what it is (more than is left of the charge), not for a failure. */
export class RefundRefused extends Error {}

/** A charge that asked for an authentication, as the provider knows it now. */
export interface ChargeState {
  chargeId: string
  status: 'succeeded' | 'requires_action' | 'failed'
  amountMinor: number
  /** Upper case, like the shop's currencies. */
  currency: string
  /** The idempotency key the charge was made with (the checkout's attempt id), from the provider's metadata. */
  reference: string | undefined
  brand: string
  last4: string
}

export interface ChargeRequest {
  token: string
  amountMinor: number
  currency: string
  idempotencyKey: string
}

export type ChargeFailureCode = 'card_declined' | 'insufficient_funds' | 'processing_error'

/**
 * `requires_action`: the bank asks for 3-D Secure (ADR 0021). Nothing is taken yet; the shopper's browser runs
 * the challenge with `clientSecret`, then the charge `intentId` is settled (`authentication`).
 */
export type ChargeResult =
  | { ok: true; chargeId: string; brand: string; last4: string }
  | { ok: false; code: ChargeFailureCode; message: string }
  | { ok: false; code: 'requires_action'; message: string; intentId: string; clientSecret: string }
