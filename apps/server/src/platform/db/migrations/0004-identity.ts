import type { Kysely } from 'kysely'

/**
 * Identity (issue 5): customers, their sign-in accounts (password, google, facebook), address book,
 * one-time tokens (password reset, e-mail change, account deletion; only hashes stored), the mail outbox
 * and rate-limit counters (in the database so every process shares them). Parity rules of 0001 apply.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('customers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_number', 'text', (c) => c.notNull().unique())
    /** Lower-cased; a deleted customer gets a unique placeholder. */
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    /** Versioned hash (platform/auth/password.ts); null for social-only customers. */
    .addColumn('password_hash', 'text')
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('middle_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('preferred_language', 'text')
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute()

  await db.schema
    .createTable('customer_accounts')
    .addColumn('provider_id', 'text', (c) => c.notNull())
    /** The provider's stable user id (OpenID `sub`, Facebook user id). */
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('customer_accounts_pk', ['provider_id', 'subject'])
    .execute()
  await db.schema
    .createIndex('customer_accounts_customer')
    .on('customer_accounts')
    .column('customer_id')
    .execute()

  await db.schema
    .createTable('addresses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('contact_name', 'text', (c) => c.notNull())
    .addColumn('company_name', 'text')
    .addColumn('street', 'text', (c) => c.notNull())
    .addColumn('street_appendix', 'text')
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text')
    .addColumn('zip_code', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('contact_phone', 'text')
    .addColumn('account', 'text')
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('addresses_customer')
    .on('addresses')
    .columns(['customer_id', 'created_at'])
    .execute()

  await db.schema
    .createTable('one_time_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    /** password_reset | email_change | account_deletion */
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    /** JSON, e.g. { "email": new address } for an e-mail change. */
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute()
  await db.schema
    .createIndex('one_time_tokens_customer')
    .on('one_time_tokens')
    .columns(['customer_id', 'purpose'])
    .execute()

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('outbox_created').on('outbox').column('created_at').execute()

  await db.schema
    .createTable('rate_limits')
    /** SHA-256 of the limited key (e.g. "login:account:<e-mail>"), so no personal data is stored. */
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limits_pk', ['key', 'window_start'])
    .execute()
  await db.schema.createIndex('rate_limits_expires').on('rate_limits').column('expires_at').execute()

  await db.schema.createIndex('access_tokens_customer').on('access_tokens').column('customer_id').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('access_tokens_customer').execute()
  for (const table of [
    'rate_limits',
    'outbox',
    'one_time_tokens',
    'addresses',
    'customer_accounts',
    'customers',
  ]) {
    await db.schema.dropTable(table).execute()
  }
}
