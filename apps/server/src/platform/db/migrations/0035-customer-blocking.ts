import type { Kysely } from 'kysely'

/**
 * A customer account the staff blocked (docs/decisions/0068-staff-customers.md): when and by whom; a blocked
 * account cannot sign in by any means until unblocked. `customers_staff_created` pages the staff's customer list
 * newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('customers').addColumn('blocked_at', 'text').execute()
  await db.schema.alterTable('customers').addColumn('blocked_by', 'text').execute()
  await db.schema
    .createIndex('customers_staff_created')
    .on('customers')
    .columns(['created_at', 'id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('customers_staff_created').execute()
  await db.schema.alterTable('customers').dropColumn('blocked_by').execute()
  await db.schema.alterTable('customers').dropColumn('blocked_at').execute()
}
