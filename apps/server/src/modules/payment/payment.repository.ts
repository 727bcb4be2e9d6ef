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
