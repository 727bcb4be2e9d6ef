import type { Kysely } from 'kysely'

/**
 * The shop owner (issue 6, docs/decisions/0022-order-lifecycle-and-owner.md): a `role` on customers, 'customer' or 'owner',
 * and an index for the owner's order list by status.
 * Only `npm run owner -- grant <email>` (scripts/owner.ts) makes an owner; signing up never does, so nobody
 * becomes owner by registering an owner's e-mail address first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('customers')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('customer'))
    .execute()
  // The owner's order list by status, newest first.
  await db.schema.createIndex('orders_status').on('orders').columns(['status', 'created_at']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_status').execute()
  await db.schema.alterTable('customers').dropColumn('role').execute()
}
