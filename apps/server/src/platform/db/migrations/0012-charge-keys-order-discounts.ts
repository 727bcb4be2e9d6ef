import type { Kysely } from 'kysely'

/**
 * Issue 6 (docs/decisions/0008-checkout-saga.md § Test card provider, 0019-order-discounts.md):
 * - `card_tokens` keep the idempotency key, amount and currency of the charge that used them, so the test card
 *   provider replays a charge re-issued under the same key (as Stripe does) instead of refusing the used token;
 * - `orders.discounts` keeps the order's applied coupons (code, name, amount in minor units) as JSON, so the
 *   order shows which coupon gave its discount. Orders written before this migration show none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('card_tokens').addColumn('charge_key', 'text').execute()
  await db.schema.alterTable('card_tokens').addColumn('charge_amount_minor', 'integer').execute()
  await db.schema.alterTable('card_tokens').addColumn('charge_currency', 'text').execute()
  await db.schema
    .alterTable('orders')
    .addColumn('discounts', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('discounts').execute()
  await db.schema.alterTable('card_tokens').dropColumn('charge_currency').execute()
  await db.schema.alterTable('card_tokens').dropColumn('charge_amount_minor').execute()
  await db.schema.alterTable('card_tokens').dropColumn('charge_key').execute()
}
