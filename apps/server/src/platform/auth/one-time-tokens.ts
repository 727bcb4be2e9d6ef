import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '../db/database.ts'
import { identityDb } from './schema.ts'

/** Purposes of one-time tokens and their lifetimes in seconds. */
export const ONE_TIME_TTL = {
  password_reset: 3600,
  email_change: 24 * 3600,
  account_deletion: 3600,
} as const
export type OneTimePurpose = keyof typeof ONE_TIME_TTL

const hash = (token: string) => createHash('sha256').update(token).digest('base64url')

/**
 * Issues a random 256-bit single-use token for a purpose; only its SHA-256 is stored. Earlier unused tokens
 * of the same purpose for the customer are withdrawn, so only the newest link works.
 */
export async function issueOneTimeToken(
  db: Db,
  customerId: string,
  purpose: OneTimePurpose,
  payload: Record<string, string> = {},
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  const idb = identityDb(db)
  await idb
    .deleteFrom('one_time_tokens')
    .where('customer_id', '=', customerId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute()
  await idb
    .insertInto('one_time_tokens')
    .values({
      token_hash: hash(token),
      purpose,
      customer_id: customerId,
      payload: JSON.stringify(payload),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ONE_TIME_TTL[purpose] * 1000).toISOString(),
      used_at: null,
    })
    .execute()
  return token
}

/**
 * Consumes a token: marks it used in one guarded UPDATE (so two concurrent uses cannot both succeed) and
 * returns its customer and payload, or null when unknown, used, expired or of another purpose.
 */
export async function consumeOneTimeToken(
  db: Db,
  token: string,
  purpose: OneTimePurpose,
  now = new Date(),
): Promise<{ customerId: string; payload: Record<string, string> } | null> {
  const idb = identityDb(db)
  const tokenHash = hash(token)
  const result = await idb
    .updateTable('one_time_tokens')
    .set({ used_at: now.toISOString() })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) !== 1) return null
  const row = await idb
    .selectFrom('one_time_tokens')
    .select(['customer_id', 'payload'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirstOrThrow()
  return { customerId: row.customer_id, payload: JSON.parse(row.payload) }
}

/** Every one-time token of a customer (account deletion). */
export async function deleteCustomerOneTimeTokens(db: Db, customerId: string): Promise<void> {
  await identityDb(db).deleteFrom('one_time_tokens').where('customer_id', '=', customerId).execute()
}
