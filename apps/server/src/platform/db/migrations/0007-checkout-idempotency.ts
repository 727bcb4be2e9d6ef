import type { Kysely } from 'kysely'

/**
 * Checkout reliability (issue 6, docs/decisions/0018 and 0008): the Idempotency-Key store of
 * `POST checkouts/order` and the payment attempt journal of the checkout saga. Parity rules of 0001 apply.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('checkout_idempotency_keys')
    /** Whose key: `customer:<id>` or `session:<id>`, so one caller can never replay another's answer. */
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    /** sha256 of the canonical JSON of the request body. */
    .addColumn('request_hash', 'text', (c) => c.notNull())
    /** `in_progress` while the first request runs, then `done` with its answer. */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    /** When the running request took the key; a stale one may be taken over. */
    .addColumn('locked_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('checkout_idempotency_keys_pk', ['scope', 'key'])
    .execute()
  await db.schema
    .createIndex('checkout_idempotency_keys_expiry')
    .on('checkout_idempotency_keys')
    .column('expires_at')
    .execute()

  await db.schema
    .createTable('payment_attempts')
    /** The order id the attempt pays for; also the provider's idempotency key of the charge. */
    .addColumn('id', 'text', (c) => c.primaryKey())
    /** pending → charged → done, or pending/charged → recovering → released / failed. */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'text', (c) => c.notNull())
    /** The card token the charge used (a provider token, never card data). */
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('charge_id', 'text')
    .addColumn('cart_id', 'text', (c) => c.notNull())
    /** JSON: coupon codes redeemed and stock lines reserved, released again if the order is not made. */
    .addColumn('coupons', 'text', (c) => c.notNull())
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('payment_attempts_open')
    .on('payment_attempts')
    .columns(['status', 'updated_at'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_attempts').execute()
  await db.schema.dropTable('checkout_idempotency_keys').execute()
}
