import { createHash, randomBytes } from 'node:crypto'
import { keptRead } from '../cache/kept-read.ts'
import { invalidate } from '../cache/versions.ts'
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
    .select(['session_id', 'customer_id', 'expires_at'])
    .where('token_hash', '=', v.hash)
    .where('expires_at', '>', v.now),
)

interface KeptToken {
  principal: Principal
  expiresAt: number
}

/**
 * The tokens read, kept per process and database handle while the `auth` version stays (docs/decisions/0092):
 * every revocation bumps it in the revoker's transaction, so a token revoked in any process is refused by every
 * process from the next request on; the expiry is checked on each use. A token not found is not kept, so nothing
 * a client sends fills the map.
 */
const keptTokens = keptRead('auth', (db, tokenHash) => readToken(db, tokenHash, new Date()), {
  maxKeys: 10_000,
  keep: (token) => token !== null,
})

export async function resolveToken(db: Db, token: string, now = new Date()): Promise<Principal | null> {
  const found = await keptTokens(db, hash(token))
  return found && found.expiresAt > now.getTime() ? found.principal : null
}

async function readToken(db: Db, tokenHash: string, now: Date): Promise<KeptToken | null> {
  const {
    rows: [row],
  } = await findToken.run(db, { hash: tokenHash, now: now.toISOString() })
  if (!row) return null
  return {
    principal: { sessionId: row.session_id, customerId: row.customer_id },
    expiresAt: Date.parse(row.expires_at),
  }
}

/** Revokes one token (sign-out): bumps `auth`, so no process answers to it any more. */
export async function revokeToken(db: Db, token: string): Promise<void> {
  await db.deleteFrom('access_tokens').where('token_hash', '=', hash(token)).execute()
  await invalidate(db, 'auth')
}

/** Revokes every token of a customer (password reset, e-mail change, deletion), except the given one. */
export async function revokeCustomerTokens(db: Db, customerId: string, keep?: string): Promise<void> {
  let query = db.deleteFrom('access_tokens').where('customer_id', '=', customerId)
  if (keep) query = query.where('token_hash', '!=', hash(keep))
  await query.execute()
  await invalidate(db, 'auth')
}

/** Removes expired tokens; cheap, called now and then at sign-in. */
export async function purgeExpiredTokens(db: Db, now = new Date()): Promise<void> {
  await db.deleteFrom('access_tokens').where('expires_at', '<=', now.toISOString()).execute()
}
