import type { Kysely } from 'kysely'

/** Coupons applied to a cart (issue 4). A coupon is on a cart at most once. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cart_discounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('cart_id', 'text', (c) => c.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('coupon_code', 'text', (c) => c.notNull().references('coupons.code').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('cart_discounts_cart_code', ['cart_id', 'coupon_code'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cart_discounts').execute()
}
