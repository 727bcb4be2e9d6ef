import type { Kysely } from 'kysely'

/**
 * Mail log (issue 6): one row per mail that must go out at most once (today the order confirmation, keyed
 * `order-confirmation:<order id>`). The primary key makes the claim atomic across processes, so a replayed
 * or concurrent duplicate of the same order never mails the shopper twice. Parity rules of 0001 apply.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_log')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_log').execute()
}
