import type { Kysely } from 'kysely'

/**
 * 3-D Secure (docs/decisions/0021-stripe-3d-secure.md): a payment attempt may now wait for the shopper's
 * authentication (status `awaiting_authentication`, the PaymentIntent id in `charge_id`). The order it becomes
 * is written later — by the shopper's re-submission or by the sweep after the authentication timeout — from
 * `order_draft`: JSON of everything the checkout priced (principal, customer, addresses, shipping, totals,
 * discounts, entries), kept from the first request. Null for attempts that never waited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payment_attempts').addColumn('order_draft', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payment_attempts').dropColumn('order_draft').execute()
}
