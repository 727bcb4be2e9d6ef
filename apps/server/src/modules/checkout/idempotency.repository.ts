import { compiledOnce } from '../../platform/db/compiled-once.ts'
import type { Db } from '../../platform/db/database.ts'

/** The Idempotency-Key store of `POST checkouts/order` (migration 0007), known to this module only. */
interface IdempotencyKeysTable {
  scope: string
  key: string
  request_hash: string
  status: 'in_progress' | 'done'
  response_status: number | null
  response_body: string | null
  locked_at: string
  created_at: string
  expires_at: string
}

const tables = (db: Db) => db.withTables<{ checkout_idempotency_keys: IdempotencyKeysTable }>()

export interface StoredKey {
  requestHash: string
  status: 'in_progress' | 'done'
  responseStatus: number | null
  responseBody: string | null
  lockedAt: string
  expiresAt: string
}

/** A key as its request's claim leaves it: in progress from `now`, with no answer yet. */
const claimed = (k: { requestHash: string; now: string; expiresAt: string }) => ({
  request_hash: k.requestHash,
  status: 'in_progress' as const,
  response_status: null,
  response_body: null,
  locked_at: k.now,
  created_at: k.now,
  expires_at: k.expiresAt,
})

/** Takes a key for a first request; false when the key exists already (whoever has it). */
export async function claimKey(
  db: Db,
  k: { scope: string; key: string; requestHash: string; now: string; expiresAt: string },
): Promise<boolean> {
  const result = await insertKey.run(db, k)
  return Number(result.numAffectedRows ?? 0) === 1
}

// Every order claims its key and saves its answer: compiled once (docs/decisions/0091).
const insertKey = compiledOnce(
  (db, k: { scope: string; key: string; requestHash: string; now: string; expiresAt: string }) =>
    tables(db)
      .insertInto('checkout_idempotency_keys')
      .values({ scope: k.scope, key: k.key, ...claimed(k) })
      .onConflict((oc) => oc.columns(['scope', 'key']).doNothing()),
)

export async function findKey(db: Db, scope: string, key: string): Promise<StoredKey | undefined> {
  const row = await tables(db)
    .selectFrom('checkout_idempotency_keys')
    .selectAll()
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirst()
  return (
    row && {
      requestHash: row.request_hash,
      status: row.status,
      responseStatus: row.response_status,
      responseBody: row.response_body,
      lockedAt: row.locked_at,
      expiresAt: row.expires_at,
    }
  )
}

/** Takes over a key whose request died (locked before `staleBefore`) or that expired; one taker wins. */
export async function takeOverKey(
  db: Db,
  k: { scope: string; key: string; lockedAt: string; requestHash: string; now: string; expiresAt: string },
): Promise<boolean> {
  const result = await tables(db)
    .updateTable('checkout_idempotency_keys')
    .set(claimed(k))
    .where('scope', '=', k.scope)
    .where('key', '=', k.key)
    .where('locked_at', '=', k.lockedAt)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function saveKeyResponse(
  db: Db,
  k: { scope: string; key: string; status: number; body: unknown },
): Promise<void> {
  await saveResponse.run(db, { scope: k.scope, key: k.key, status: k.status, body: JSON.stringify(k.body) })
}

const saveResponse = compiledOnce((db, k: { scope: string; key: string; status: number; body: string }) =>
  tables(db)
    .updateTable('checkout_idempotency_keys')
    .set({ status: 'done', response_status: k.status, response_body: k.body })
    .where('scope', '=', k.scope)
    .where('key', '=', k.key),
)

/** Frees a key whose request failed unexpectedly (5xx), so a retry with it runs again. */
export async function releaseKey(db: Db, scope: string, key: string): Promise<void> {
  await tables(db)
    .deleteFrom('checkout_idempotency_keys')
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where('status', '=', 'in_progress')
    .execute()
}

export async function deleteExpiredKeys(db: Db, now: string): Promise<number> {
  const result = await tables(db)
    .deleteFrom('checkout_idempotency_keys')
    .where('expires_at', '<', now)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
