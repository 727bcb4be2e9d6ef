import type { Db } from '../../platform/db/database.ts'

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

const mailDb = (db: Db) => db.withTables<{ mail_messages: MailRow }>()

/** Queues a mail (inside the caller's transaction); false when `dedupe_key` was queued before. */
export async function insertMessage(
  db: Db,
  row: Pick<
    MailRow,
    'id' | 'dedupe_key' | 'recipient' | 'subject' | 'text_body' | 'html_body' | 'created_at'
  >,
): Promise<boolean> {
  const result = await mailDb(db)
    .insertInto('mail_messages')
    .values({ ...row, status: 'pending', attempts: 0, next_attempt_at: row.created_at })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
}

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
  let query = mailDb(db)
    .updateTable('mail_messages')
    .set({ status: 'sending', locked_until: lockedUntil, attempts: row.attempts + 1 })
    .where('id', '=', row.id)
    .where('status', '=', row.status)
    .where('attempts', '=', row.attempts)
  query =
    row.locked_until === null
      ? query.where('locked_until', 'is', null)
      : query.where('locked_until', '=', row.locked_until)
  const result = await query.executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

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
  // Mail that left through SMTP keeps its recipient and subject for the owner, not its body: a body may hold a
  // live reset or deletion link, and the shop keeps only hashes of those tokens.
  const delivered =
    outcome.status === 'sent' && outcome.transport === 'smtp' ? { text_body: '', html_body: null } : {}
  const changes =
    outcome.status === 'sent'
      ? {
          status: outcome.status,
          transport: outcome.transport,
          sent_at: outcome.at,
          last_error: null,
          ...delivered,
        }
      : outcome.status === 'pending'
        ? { status: outcome.status, last_error: outcome.error, next_attempt_at: outcome.nextAttemptAt }
        : { status: outcome.status, last_error: outcome.error }
  await mailDb(db)
    .updateTable('mail_messages')
    .set({ ...changes, locked_until: null })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .where('locked_until', '=', lockedUntil)
    .execute()
}

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
