import type { Kysely } from 'kysely'

/**
 * Invitations of staff by e-mail (docs/decisions/0066-staff-invitations.md): the role offered, who invited,
 * the SHA-256 of the link's token (never the token), until when it works, and whether it was accepted or
 * withdrawn. One open invitation per address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('staff_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('withdrawn_at', 'text')
    .execute()
  await db.schema.createIndex('staff_invitations_email').on('staff_invitations').column('email').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('staff_invitations').execute()
}
