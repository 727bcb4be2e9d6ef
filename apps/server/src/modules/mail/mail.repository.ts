import { sql, type UpdateQueryBuilder, type UpdateResult } from 'kysely'
import { compiledOnce } from '../../platform/db/compiled-once.ts'
import type { Db } from '../../platform/db/database.ts'
import type { Database } from '../../platform/db/schema.ts'

export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed'

/** The queue of migration 0015, known to this module only. */
export interface MailRow {
  id: string
  dedupe_key: string | null
  recipient: string
  subject: string
  text_body: string
  html_body: string | null
  status: MailStatus
  attempts: number
  next_attempt_at: string
  locked_until: string | null
  last_error: string | null
  transport: string | null
  created_at: string
  sent_at: string | null
}

type MailDatabase = Database & { mail_messages: MailRow }
const mailDb = (db: Db) => db.withTables<{ mail_messages: MailRow }>()

/** Queues a mail (inside the caller's transaction); false when `dedupe_key` was queued before. */
export async function insertMessage(
  db: Db,
  row: Pick<
    MailRow,
    'id' | 'dedupe_key' | 'recipient' | 'subject' | 'text_body' | 'html_body' | 'created_at'
  >,
): Promise<boolean> {
  const result = await insertPending.run(db, row)
  return Number(result.numAffectedRows ?? 0) === 1
}

// Every order queues its confirmation: compiled once (docs/decisions/0091).
const insertPending = compiledOnce(
  (
    db,
    row: Pick<
      MailRow,
      'id' | 'dedupe_key' | 'recipient' | 'subject' | 'text_body' | 'html_body' | 'created_at'
    >,
  ) =>
    mailDb(db)
      .insertInto('mail_messages')
      .values({
        id: row.id,
        dedupe_key: row.dedupe_key,
        recipient: row.recipient,
        subject: row.subject,
        text_body: row.text_body,
        html_body: row.html_body,
        created_at: row.created_at,
        status: 'pending',
        attempts: 0,
        next_attempt_at: row.created_at,
      })
      .onConflict((oc) => oc.column('dedupe_key').doNothing()),
)

/** Mail ready to go: pending and due, or claimed by a process whose lease ran out (it died mid-send). */
export function dueMessages(db: Db, now: string, limit: number): Promise<MailRow[]> {
  return mailDb(db)
    .selectFrom('mail_messages')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
        eb.and([eb('status', '=', 'sending'), eb('locked_until', '<=', now)]),
      ]),
    )
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute()
}

/**
 * Takes a due mail for one delivery attempt until `lockedUntil`: a guarded UPDATE on what was read, so of
 * several processes exactly one wins it.
 */
export async function claim(db: Db, row: MailRow, lockedUntil: string): Promise<boolean> {
  const values = { id: row.id, status: row.status, attempts: row.attempts, lockedUntil }
  const result =
    row.locked_until === null
      ? await claimUnlocked.run(db, values)
      : await claimExpired.run(db, { ...values, lease: row.locked_until })
  return Number(result.numAffectedRows ?? 0) === 1
}

// Every mail is claimed and settled: compiled once (docs/decisions/0091), a statement per shape.
type ClaimValues = { id: string; status: MailStatus; attempts: number; lockedUntil: string }
const claimOf = (db: Db, v: ClaimValues) =>
  mailDb(db)
    .updateTable('mail_messages')
    .set({ status: 'sending', locked_until: v.lockedUntil, attempts: sql<number>`attempts + 1` })
    .where('id', '=', v.id)
    .where('status', '=', v.status)
    .where('attempts', '=', v.attempts)
const claimUnlocked = compiledOnce((db, v: ClaimValues) => claimOf(db, v).where('locked_until', 'is', null))
const claimExpired = compiledOnce((db, v: ClaimValues & { lease: string }) =>
  claimOf(db, v).where('locked_until', '=', v.lease),
)

/** The end of an attempt, written only by the claim's holder (`lockedUntil` is its lease). */
export async function settle(
  db: Db,
  id: string,
  lockedUntil: string,
  outcome:
    | { status: 'sent'; transport: string; at: string }
    | { status: 'pending'; error: string; nextAttemptAt: string }
    | { status: 'failed'; error: string },
): Promise<void> {
  const lease = { id, lockedUntil }
  if (outcome.status === 'sent') {
    // Mail that left through SMTP keeps its recipient and subject for the owner, not its body: a body may hold a
    // live reset or deletion link, and the shop keeps only hashes of those tokens.
    const sent = outcome.transport === 'smtp' ? settleSentBodiless : settleSent
    await sent.run(db, { ...lease, transport: outcome.transport, at: outcome.at })
  } else if (outcome.status === 'pending') {
    await settleRetry.run(db, { ...lease, error: outcome.error, nextAttemptAt: outcome.nextAttemptAt })
  } else {
    await settleFailed.run(db, { ...lease, error: outcome.error })
  }
}

/** The claim's holder ends its lease: only a mail still `sending` under this lease is written. */
const settleOf = <V extends { id: string; lockedUntil: string }>(
  build: (db: Db, v: V) => UpdateQueryBuilder<MailDatabase, 'mail_messages', 'mail_messages', UpdateResult>,
) =>
  compiledOnce((db: Db, v: V) =>
    build(db, v)
      .set({ locked_until: null })
      .where('id', '=', v.id)
      .where('status', '=', 'sending')
      .where('locked_until', '=', v.lockedUntil),
  )
type Lease = { id: string; lockedUntil: string }
const settleSent = settleOf((db, v: Lease & { transport: string; at: string }) =>
  mailDb(db)
    .updateTable('mail_messages')
    .set({ status: 'sent', transport: v.transport, sent_at: v.at, last_error: null }),
)
const settleSentBodiless = settleOf((db, v: Lease & { transport: string; at: string }) =>
  mailDb(db).updateTable('mail_messages').set({
    status: 'sent',
    transport: v.transport,
    sent_at: v.at,
    last_error: null,
    text_body: '',
    html_body: null,
  }),
)
const settleRetry = settleOf((db, v: Lease & { error: string; nextAttemptAt: string }) =>
  mailDb(db)
    .updateTable('mail_messages')
    .set({ status: 'pending', last_error: v.error, next_attempt_at: v.nextAttemptAt }),
)
const settleFailed = settleOf((db, v: Lease & { error: string }) =>
  mailDb(db).updateTable('mail_messages').set({ status: 'failed', last_error: v.error }),
)

/** The newest mail first (the development mailbox, the owner's view). */
export function listMessages(
  db: Db,
  filter: { status?: MailStatus; limit?: number } = {},
): Promise<MailRow[]> {
  let query = mailDb(db).selectFrom('mail_messages').selectAll()
  if (filter.status) query = query.where('status', '=', filter.status)
  return query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit ?? 100)
    .execute()
}

/** How many mails wait (pending), are being sent, or failed for good; sent mail is not counted. */
export async function countWaiting(db: Db): Promise<Record<'pending' | 'sending' | 'failed', number>> {
  const rows = await mailDb(db)
    .selectFrom('mail_messages')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .where('status', 'in', ['pending', 'sending', 'failed'])
    .groupBy('status')
    .execute()
  const counts = { pending: 0, sending: 0, failed: 0 }
  for (const row of rows) if (row.status !== 'sent') counts[row.status] = Number(row.n)
  return counts
}

/** The mails about one order: its confirmation and those keyed `order-…:<orderId>:…` (refunds, resent ones). */
export function findOrderMessages(db: Db, orderId: string) {
  return mailDb(db)
    .selectFrom('mail_messages')
    .select(['id', 'dedupe_key', 'recipient', 'subject', 'status', 'created_at', 'sent_at'])
    .where((eb) =>
      eb.or([
        eb('dedupe_key', '=', `order-confirmation:${orderId}`),
        eb('dedupe_key', 'like', `order-%:${orderId}:%`),
      ]),
    )
    .orderBy('created_at')
    .execute()
}

export function findMessageByKey(db: Db, key: string) {
  return mailDb(db).selectFrom('mail_messages').selectAll().where('dedupe_key', '=', key).executeTakeFirst()
}
