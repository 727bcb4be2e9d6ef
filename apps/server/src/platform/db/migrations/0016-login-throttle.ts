import type { Kysely } from 'kysely'

/**
 * Sign-in throttling that a stranger cannot turn against the owner (issue 13,
 * docs/decisions/0031-login-throttling.md):
 * - `login_failures`: consecutive wrong passwords per account *and* client address (the key is a SHA-256 of
 *   both; `account` is the SHA-256 of the e-mail alone, so a password reset clears every pair of the account),
 *   with the time until which that pair must wait; growing delays, forgotten after `expires_at`.
 * - `known_devices`: browsers that signed in to an account before (only the SHA-256 of the device token is
 *   kept); they pass the account-wide lock that a distributed guessing attack triggers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_failures')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('blocked_until', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('login_failures_account').on('login_failures').column('account').execute()
  await db.schema.createIndex('login_failures_expires').on('login_failures').column('expires_at').execute()
  await db.schema
    .createTable('known_devices')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('known_devices_customer').on('known_devices').column('customer_id').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('known_devices').execute()
  await db.schema.dropTable('login_failures').execute()
}
