import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import type { Db } from '../db/database.ts'
import { AppError } from '../http/errors.ts'
import { identityDb } from './schema.ts'

/** A 429 carrying the seconds after which a retry may succeed (sent as Retry-After). */
export class TooManyRequests extends AppError {
  readonly retryAfterSeconds: number
  constructor(retryAfterSeconds: number) {
    super(429, 'too_many_requests', `Too many attempts; try again in ${retryAfterSeconds} seconds`, [], {
      'retry-after': String(retryAfterSeconds),
    })
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/**
 * Fixed-window counters kept in the database, so every server process sees the same counts: one upsert
 * `hits = hits + 1 … RETURNING hits` per attempt is atomic on SQLite and PostgreSQL alike. Keys are stored as
 * SHA-256 (no e-mail addresses or client addresses in the table).
 */
export async function hit(
  db: Db,
  key: string,
  limit: number,
  windowSeconds: number,
  now = new Date(),
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const windowMs = windowSeconds * 1000
  const start = Math.floor(now.getTime() / windowMs) * windowMs
  const end = start + windowMs
  const row = await identityDb(db)
    .insertInto('rate_limits')
    .values({
      key: createHash('sha256').update(key).digest('base64url'),
      window_start: new Date(start).toISOString(),
      hits: 1,
      expires_at: new Date(end).toISOString(),
    })
    .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql`rate_limits.hits + 1` }))
    .returning('hits')
    .executeTakeFirstOrThrow()
  const retryAfterSeconds = Math.max(1, Math.ceil((end - now.getTime()) / 1000))
  return { allowed: row.hits <= limit, retryAfterSeconds }
}

/** Counts one attempt against every key; throws 429 with the longest wait when any limit is exceeded. */
export async function enforce(
  db: Db,
  limits: Array<{ key: string; limit: number }>,
  windowSeconds: number,
): Promise<void> {
  let wait = 0
  for (const { key, limit } of limits) {
    const result = await hit(db, key, limit, windowSeconds)
    if (!result.allowed) wait = Math.max(wait, result.retryAfterSeconds)
  }
  if (wait > 0) throw new TooManyRequests(wait)
}

/** Drops finished windows; called now and then by the services that count. */
export async function purgeExpired(db: Db, now = new Date()): Promise<void> {
  await identityDb(db).deleteFrom('rate_limits').where('expires_at', '<', now.toISOString()).execute()
}
