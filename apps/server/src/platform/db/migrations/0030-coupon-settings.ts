import type { Kysely } from 'kysely'

/**
 * Coupons the owner sets up in the back office (docs/decisions/0065-staff-coupons.md). `coupons.amounts` is JSON
 * `{ "EUR": 500, "USD": 550 }` (an ABSOLUTE coupon's amount off per currency, minor units), `coupons.min_orders`
 * JSON of the minimum goods total per currency; both null on older rows, which are read as
 * `{ [currency]: amount_minor }` and with `min_order_minor` as the minimum in any currency. `per_customer` limits
 * the redemptions of one customer. `coupon_redemptions` has a row per coupon of a checkout (its attempt, which
 * becomes the order's id), written and taken back with the count in `coupons.redemptions`; `coupon_customers`
 * restricts a coupon to the customers listed there. Parity rules of 0001 apply.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('coupons').addColumn('amounts', 'text').execute()
  await db.schema.alterTable('coupons').addColumn('min_orders', 'text').execute()
  await db.schema.alterTable('coupons').addColumn('per_customer', 'integer').execute()
  await db.schema
    .createTable('coupon_redemptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().references('coupons.code').onDelete('cascade'))
    .addColumn('customer_id', 'text')
    .addColumn('attempt_id', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('coupon_redemptions_customer')
    .on('coupon_redemptions')
    .columns(['code', 'customer_id'])
    .execute()
  await db.schema
    .createIndex('coupon_redemptions_attempt')
    .on('coupon_redemptions')
    .column('attempt_id')
    .execute()
  await db.schema
    .createTable('coupon_customers')
    .addColumn('code', 'text', (c) => c.notNull().references('coupons.code').onDelete('cascade'))
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('coupon_customers_pk', ['code', 'customer_id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('coupon_customers').execute()
  await db.schema.dropTable('coupon_redemptions').execute()
  await db.schema.alterTable('coupons').dropColumn('per_customer').execute()
  await db.schema.alterTable('coupons').dropColumn('min_orders').execute()
  await db.schema.alterTable('coupons').dropColumn('amounts').execute()
}
