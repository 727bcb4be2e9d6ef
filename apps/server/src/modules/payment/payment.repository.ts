import type { Db } from '../../platform/db/database.ts'

/** card_tokens holds brand, last4, expiry and the outcome class: never the number or the cvc. */
export function insertCardToken(
  db: Db,
  token: { id: string; brand: string; last4: string; expMonth: number; expYear: number; outcome: string },
) {
  return db
    .insertInto('card_tokens')
    .values({
      id: token.id,
      brand: token.brand,
      last4: token.last4,
      exp_month: token.expMonth,
      exp_year: token.expYear,
      outcome: token.outcome,
      used_at: null,
      created_at: new Date().toISOString(),
    })
    .execute()
}

const tokenColumns = [
  'id',
  'brand',
  'last4',
  'outcome',
  'charge_key',
  'charge_amount_minor',
  'charge_currency',
] as const

/**
 * Marks an unused token used by the charge `charge` (its idempotency key, amount and currency); undefined when
 * it is unknown or was used already (a token pays once). One guarded UPDATE: of concurrent charges one wins.
 */
export function useCardToken(
  db: Db,
  id: string,
  charge: { key: string; amountMinor: number; currency: string },
) {
  return db
    .updateTable('card_tokens')
    .set({
      used_at: new Date().toISOString(),
      charge_key: charge.key,
      charge_amount_minor: charge.amountMinor,
      charge_currency: charge.currency,
    })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .returning(tokenColumns)
    .executeTakeFirst()
}

export function findCardToken(db: Db, id: string) {
  return db.selectFrom('card_tokens').select(tokenColumns).where('id', '=', id).executeTakeFirst()
}

export function markRefunded(db: Db, id: string) {
  return db.updateTable('card_tokens').set({ outcome: 'refunded' }).where('id', '=', id).execute()
}

interface CardRefundRow {
  id: string
  token_id: string
  amount_minor: number
  created_at: string
}

const refundDb = (db: Db) => db.withTables<{ card_refunds: CardRefundRow }>()

/** The test card provider's refunds of a charge (migration 0029): what was returned so far, by key. */
export function findCardRefunds(db: Db, tokenId: string) {
  return refundDb(db)
    .selectFrom('card_refunds')
    .select(['id', 'amount_minor'])
    .where('token_id', '=', tokenId)
    .execute()
}

/** A refund under its idempotency key; false when the key was used already (a replay). */
export async function insertCardRefund(db: Db, refund: { id: string; tokenId: string; amountMinor: number }) {
  const result = await refundDb(db)
    .insertInto('card_refunds')
    .values({
      id: refund.id,
      token_id: refund.tokenId,
      amount_minor: refund.amountMinor,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
}
