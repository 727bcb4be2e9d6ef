import { compiledOnce } from '../../platform/db/compiled-once.ts'
import type { Db } from '../../platform/db/database.ts'

/** card_tokens holds brand, last4, expiry and the outcome class: never the number or the cvc. */
export function insertCardToken(
  db: Db,
  token: { id: string; brand: string; last4: string; expMonth: number; expYear: number; outcome: string },
) {
  return insertToken.run(db, { ...token, now: new Date().toISOString() })
}

// Every card payment makes a token and uses it: compiled once (docs/decisions/0091).
const insertToken = compiledOnce(
  (
    db,
    t: {
      id: string
      brand: string
      last4: string
      expMonth: number
      expYear: number
      outcome: string
      now: string
    },
  ) =>
    db.insertInto('card_tokens').values({
      id: t.id,
      brand: t.brand,
      last4: t.last4,
      exp_month: t.expMonth,
      exp_year: t.expYear,
      outcome: t.outcome,
      used_at: null,
      created_at: t.now,
    }),
)

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
  return useToken
    .run(db, {
      id,
      now: new Date().toISOString(),
      key: charge.key,
      amountMinor: charge.amountMinor,
      currency: charge.currency,
    })
    .then(({ rows }) => rows[0])
}

const useToken = compiledOnce(
  (db, c: { id: string; now: string; key: string; amountMinor: number; currency: string }) =>
    db
      .updateTable('card_tokens')
      .set({
        used_at: c.now,
        charge_key: c.key,
        charge_amount_minor: c.amountMinor,
        charge_currency: c.currency,
      })
      .where('id', '=', c.id)
      .where('used_at', 'is', null)
      .returning(tokenColumns),
)

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
