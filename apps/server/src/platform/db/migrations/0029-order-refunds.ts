import type { Kysely } from 'kysely'

/**
 * Refunds of orders in part or in full, the order's timeline and the test card provider's refund ledger
 * (docs/decisions/0064-refunds-and-timeline.md). `order_refunds.key` is the staff form's idempotency key: a double
 * click or a retry finds the refund it made. `orders.refunded_minor` is the sum of the order's refunds; `orders.language` the language its confirmation was
 * written in (null for older orders), which later mails about the order use.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('refunded_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('orders').addColumn('language', 'text').execute()
  await db.schema
    .createTable('order_refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    /** JSON: [{line, quantity}] */
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('restocked', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('actor_email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('order_refunds_order')
    .on('order_refunds')
    .columns(['order_id', 'created_at'])
    .execute()
  await db.schema
    .createTable('order_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('at', 'text', (c) => c.notNull())
    /** status | refund | mail_again */
    .addColumn('kind', 'text', (c) => c.notNull())
    /** The staff member's e-mail, `customer` or `system`. */
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('order_events_order').on('order_events').columns(['order_id', 'at']).execute()
  await db.schema
    .createTable('card_refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_id', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('card_refunds_token').on('card_refunds').column('token_id').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('card_refunds').execute()
  await db.schema.dropTable('order_events').execute()
  await db.schema.dropTable('order_refunds').execute()
  await db.schema.alterTable('orders').dropColumn('language').execute()
  await db.schema.alterTable('orders').dropColumn('refunded_minor').execute()
}
