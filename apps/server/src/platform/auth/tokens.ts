import { createHash, randomBytes } from 'node:crypto'
import { compiledOnce } from '../db/compiled-once.ts'
import type { Db } from '../db/database.ts'

/** Who is calling: an anonymous session, or a signed-in customer within that session. */
export interface Principal {
  sessionId: string
  customerId: string | null
}

export const TOKEN_COOKIE = 'shop_token'

const hash = (token: string) => createHash('sha256').update(token).digest('base64url')

/** Issues a random 256-bit bearer token; only its hash is stored (docs/decisions/0003-tokens.md). */
export async function issueToken(
  db: Db,
  principal: Principal,
  ttlSeconds: number,
  now = new Date(),
): Promise<{ accessToken: string; expiresIn: number }> {
  const accessToken = randomBytes(32).toString('base64url')
  await db
    .insertInto('access_tokens')
    .values({
      token_hash: hash(accessToken),
      session_id: principal.sessionId,
      customer_id: principal.customerId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ttlSeconds * 1000).toISOString(),
    })
    .execute()
  return { accessToken, expiresIn: ttlSeconds }
}

/** Every authenticated request reads its token: compiled once (docs/decisions/0091). */
const findToken = compiledOnce((db, v: { hash: string; now: string }) =>
  db
    .selectFrom('access_tokens')
    .select(['session_id', 'customer_id'])
    .where('token_hash', '=', v.hash)
    .where('expires_at', '>', v.now),
)

export async function resolveToken(db: Db, token: string, now = new Date()): Promise<Principal | null> {
  const {
    rows: [row],
  } = await findToken.run(db, { hash: hash(token), now: now.toISOString() })
  return row ? { sessionId: row.session_id, customerId: row.customer_id } : null
}

export async function revokeToken(db: Db, token: string): Promise<void> {
  await db.deleteFrom('access_tokens').where('token_hash', '=', hash(token)).execute()
}

/** Revokes every token of a customer (password reset, e-mail change, deletion), except the given one. */
export async function revokeCustomerTokens(db: Db, customerId: string, keep?: string): Promise<void> {
  let query = db.deleteFrom('access_tokens').where('customer_id', '=', customerId)
  if (keep) query = query.where('token_hash', '!=', hash(keep))
  await query.execute()
}

/** Removes expired tokens; cheap, called now and then at sign-in. */
export async function purgeExpiredTokens(db: Db, now = new Date()): Promise<void> {
  await db.deleteFrom('access_tokens').where('expires_at', '<=', now.toISOString()).execute()
}
