import { randomBytes } from 'node:crypto'
import { type CardError, type CardToken, type CardTokenRequest, paymentApi } from '@shop/contracts/payment'
import type { Db } from '../../platform/db/database.ts'
import { outcomeOf, validateCard } from './card-rules.ts'
import {
  type ChargeRequest,
  type ChargeResult,
  type PaymentProvider,
  RefundRefused,
} from './payment.provider.ts'
import * as repo from './payment.repository.ts'

/** Where the storefront posts card data for the built-in test card provider. */
export const TEST_CARD_TOKEN_URL = paymentApi.createCardToken.path

/** The built-in test card provider: a token from card data, then a charge that behaves like a test mode. */
export async function tokenizeTestCard(db: Db, request: CardTokenRequest): Promise<CardToken | CardError> {
  const card = validateCard(request)
  if ('error' in card) return card
  const id = `tok_${randomBytes(12).toString('hex')}`
  const last4 = card.digits.slice(-4)
  await repo.insertCardToken(db, { id, ...card, last4, outcome: outcomeOf(card.digits) })
  return {
    id,
    object: 'token',
    card: { brand: card.brand, last4, exp_month: card.expMonth, exp_year: card.expYear },
  }
}

const chargeIdOf = (tokenId: string) => `ch_${tokenId.slice(4)}`
const tokenIdOf = (chargeId: string) => `tok_${chargeId.slice(3)}`

type UsedToken = NonNullable<Awaited<ReturnType<typeof repo.findCardToken>>>

/** What a charge of this token answered; a refunded token was charged first (Stripe replays that answer). */
function resultOf(used: UsedToken): ChargeResult {
  if (used.outcome === 'declined')
    return { ok: false, code: 'card_declined', message: 'Your card was declined.' }
  if (used.outcome === 'insufficient_funds')
    return { ok: false, code: 'insufficient_funds', message: 'Your card has insufficient funds.' }
  return { ok: true, chargeId: chargeIdOf(used.id), brand: used.brand, last4: used.last4 }
}

/**
 * A token that was used already: the same idempotency key with the same amount and currency replays the first
 * answer (a re-issued charge whose answer was lost learns its outcome), anything else is refused.
 */
export function replayOf(used: UsedToken | undefined, request: ChargeRequest): ChargeResult {
  if (!used || used.charge_key === null || used.charge_key !== request.idempotencyKey)
    return { ok: false, code: 'processing_error', message: 'The card token is unknown or was used already.' }
  if (used.charge_amount_minor !== request.amountMinor || used.charge_currency !== request.currency) {
    return {
      ok: false,
      code: 'processing_error',
      message: 'The idempotency key was used for a charge with another amount or currency.',
    }
  }
  return resultOf(used)
}

/**
 * Behaves like a card provider's test mode: a token pays once; a charge re-issued under the same idempotency
 * key (same amount and currency) replays the first answer, as Stripe does (docs/decisions/0008).
 */
export const testCardProvider: PaymentProvider = {
  id: 'test-card',
  async charge(request, db) {
    const charge = {
      key: request.idempotencyKey,
      amountMinor: request.amountMinor,
      currency: request.currency,
    }
    const used = await repo.useCardToken(db, request.token, charge)
    if (used) return resultOf(used)
    return replayOf(await repo.findCardToken(db, request.token), request)
  },
  async refund(chargeId, db, part) {
    const tokenId = tokenIdOf(chargeId)
    const token = await repo.findCardToken(db, tokenId)
    const charged = token?.charge_amount_minor ?? 0
    const refunds = await repo.findCardRefunds(db, tokenId)
    if (part && refunds.some((r) => r.id === part.idempotencyKey)) return
    const left = charged - refunds.reduce((sum, r) => sum + r.amount_minor, 0)
    const amountMinor = part ? part.amountMinor : left
    if (part && amountMinor > left)
      throw new RefundRefused(`Only ${left} of the charge ${chargeId} is left to refund`)
    if (amountMinor > 0)
      await repo.insertCardRefund(db, { id: part?.idempotencyKey ?? `rest:${tokenId}`, tokenId, amountMinor })
    if (amountMinor === left) await repo.markRefunded(db, tokenId)
  },
}
