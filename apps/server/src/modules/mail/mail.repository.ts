import type { Db } from '../../platform/db/database.ts'

/** The tables of the mail module: the development outbox (migration 0004) and the once-only log (0010). */
type MailTables = {
  outbox: {
    id: string
    recipient: string
    subject: string
    text_body: string
    html_body: string | null
    created_at: string
  }
  mail_log: { key: string; recipient: string; created_at: string }
}

const mailDb = (db: Db) => db.withTables<MailTables>()

export type OutboxRow = MailTables['outbox']

export async function insertOutbox(db: Db, row: OutboxRow): Promise<void> {
  await mailDb(db).insertInto('outbox').values(row).execute()
}

export function listOutbox(db: Db, limit = 100): Promise<OutboxRow[]> {
  return mailDb(db).selectFrom('outbox').selectAll().orderBy('created_at', 'desc').limit(limit).execute()
}

/**
 * Claims a mail that must go out at most once (migration 0010). False when another request or process
 * claimed it first.
 */
export async function claimOnce(db: Db, key: string, recipient: string): Promise<boolean> {
  const result = await mailDb(db)
    .insertInto('mail_log')
    .values({ key, recipient, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
}
