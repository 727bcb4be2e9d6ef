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
  refund(chargeId: string, db: Db): Promise<void>
}

export interface ChargeRequest {
  token: string
  amountMinor: number
  currency: string
  idempotencyKey: string
}

/** `authentication_required`: the bank asks for 3-D Secure, which the checkout cannot do yet (ADR 0009). */
export type ChargeFailureCode =
  | 'card_declined'
  | 'insufficient_funds'
  | 'authentication_required'
  | 'processing_error'

export type ChargeResult =
  | { ok: true; chargeId: string; brand: string; last4: string }
  | { ok: false; code: ChargeFailureCode; message: string }
