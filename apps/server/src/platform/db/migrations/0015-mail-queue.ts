import { type Kysely, sql } from 'kysely'

/**
 * The mail queue (issue 13, docs/decisions/0026-mail-queue.md): every mail the shop owes is a row written in the
 * same transaction as the change that causes it, and a worker in every process delivers it: claimed with a
 * lease (`locked_until`, so two processes never send one row at once and a process that dies mid-send leaves
 * it to another after the lease), retried with backoff (`attempts`, `next_attempt_at`), marked `sent` only when
 * the SMTP server accepted it, `failed` after the last attempt. `dedupe_key` keeps a mail that must go out once
 * (the order confirmation) from being queued twice. Replaces `outbox` (its rows move over as delivered to the
 * development mailbox) and `mail_log` (its keys are the dedupe keys now). Parity rules of 0001 apply.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    /** pending | sending | sent | failed */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    /** smtp | mailbox (no SMTP_URL: kept for the development mailbox) */
    .addColumn('transport', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute()
  await db.schema
    .createIndex('mail_messages_due')
    .on('mail_messages')
    .columns(['status', 'next_attempt_at'])
    .execute()
  await db.schema.createIndex('mail_messages_created').on('mail_messages').column('created_at').execute()
  await sql`insert into mail_messages (id, recipient, subject, text_body, html_body, status, attempts,
      next_attempt_at, transport, created_at, sent_at)
    select id, recipient, subject, text_body, html_body, 'sent', 1, created_at, 'mailbox', created_at, created_at
    from outbox`.execute(db)
  await db.schema.dropTable('outbox').execute()
  await db.schema.dropTable('mail_log').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_messages').execute()
}
