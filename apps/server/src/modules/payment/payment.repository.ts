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

/** Marks an unused token used; undefined when it is unknown or was used already (a token pays once). */
export function useCardToken(db: Db, id: string) {
  return db
    .updateTable('card_tokens')
    .set({ used_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .returning(['id', 'brand', 'last4', 'outcome'])
    .executeTakeFirst()
}

export function markRefunded(db: Db, id: string) {
  return db.updateTable('card_tokens').set({ outcome: 'refunded' }).where('id', '=', id).execute()
}
