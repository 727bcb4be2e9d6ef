import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '../db/database.ts'
import { AppError } from '../http/errors.ts'
import { identityDb } from './schema.ts'

/** How sign-in failures are slowed down (settings LOGIN_MAX_FAILURES, LOGIN_DELAY_SECONDS, LOGIN_LOCK_SECONDS). */
export interface ThrottlePolicy {
  /** Wrong passwords from one address for one account before the first wait. */
  maxFailures: number
  /** The first wait, in seconds; each further failure doubles it. */
  firstDelaySeconds: number
  /** The longest wait, in seconds. */
  maxDelaySeconds: number
}

/** A pair's failures are forgotten this long after the last one. */
const FORGET_AFTER_SECONDS = 24 * 3600
/** A known device stays known this long after it last signed in. */
const DEVICE_DAYS = 365

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url')

/**
 * The wait after `failures` consecutive wrong passwords: none below the limit, then the first delay doubling
 * with every further failure, up to the longest wait. Pure, so the curve is tested on its own.
 */
export function throttleDelaySeconds(failures: number, policy: ThrottlePolicy): number {
  if (failures < policy.maxFailures) return 0
  const doublings = Math.min(failures - policy.maxFailures, 30)
  return Math.min(policy.maxDelaySeconds, policy.firstDelaySeconds * 2 ** doublings)
}

const pairKey = (email: string, clientAddress: string) => sha256(`login:${email}\n${clientAddress}`)
const accountKey = (email: string) => sha256(`login:${email}`)

const locked = (retryAfterSeconds: number) =>
  new AppError(
    403,
    'account_locked',
    `Too many failed sign-ins for this account from here; try again in ${retryAfterSeconds} seconds or reset the password`,
    [],
    { 'retry-after': String(retryAfterSeconds) },
  )

/** Throws 403 account_locked (with Retry-After) while this account must wait at this address. */
export async function checkPair(
  db: Db,
  email: string,
  clientAddress: string,
  now = new Date(),
): Promise<void> {
  const row = await identityDb(db)
    .selectFrom('login_failures')
    .select('blocked_until')
    .where('key', '=', pairKey(email, clientAddress))
    .executeTakeFirst()
  if (row?.blocked_until && row.blocked_until > now.toISOString()) {
    throw locked(Math.max(1, Math.ceil((Date.parse(row.blocked_until) - now.getTime()) / 1000)))
  }
}

/** Counts one wrong password of the pair (atomic upsert) and sets its wait by the policy. */
export async function recordPairFailure(
  db: Db,
  email: string,
  clientAddress: string,
  policy: ThrottlePolicy,
  now = new Date(),
): Promise<void> {
  const key = pairKey(email, clientAddress)
  const expires = new Date(now.getTime() + FORGET_AFTER_SECONDS * 1000).toISOString()
  const idb = identityDb(db)
  const row = await idb
    .insertInto('login_failures')
    .values({ key, account: accountKey(email), failures: 1, blocked_until: null, expires_at: expires })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        failures: eb('login_failures.failures', '+', 1),
        expires_at: expires,
      })),
    )
    .returning('failures')
    .executeTakeFirstOrThrow()
  const delay = throttleDelaySeconds(row.failures, policy)
  if (delay > 0) {
    const until = new Date(now.getTime() + delay * 1000).toISOString()
    await idb.updateTable('login_failures').set({ blocked_until: until }).where('key', '=', key).execute()
  }
}

/** A right password from this address: the pair starts over. */
export async function clearPair(db: Db, email: string, clientAddress: string): Promise<void> {
  await identityDb(db).deleteFrom('login_failures').where('key', '=', pairKey(email, clientAddress)).execute()
}

/** A password reset (the mailbox's owner) or change: every address starts over for the account. */
export async function clearAccountFailures(db: Db, email: string): Promise<void> {
  await identityDb(db).deleteFrom('login_failures').where('account', '=', accountKey(email)).execute()
}

/** Issues a device token for a browser that just signed in to the account; only its SHA-256 is kept. */
export async function rememberDevice(db: Db, customerId: string, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await identityDb(db)
    .insertInto('known_devices')
    .values({
      token_hash: sha256(token),
      customer_id: customerId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + DEVICE_DAYS * 86_400_000).toISOString(),
    })
    .execute()
  return token
}

/** Whether the token names a browser that signed in to this very account before (and is still remembered). */
export async function isKnownDevice(
  db: Db,
  customerId: string,
  token: string | undefined,
  now = new Date(),
): Promise<boolean> {
  if (!token) return false
  const row = await identityDb(db)
    .selectFrom('known_devices')
    .select('customer_id')
    .where('token_hash', '=', sha256(token))
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst()
  return row?.customer_id === customerId
}

/** Forgets the account's devices (account deletion). */
export async function forgetDevices(db: Db, customerId: string): Promise<void> {
  await identityDb(db).deleteFrom('known_devices').where('customer_id', '=', customerId).execute()
}

/** Drops forgotten failure counts and expired devices; called now and then by the sign-in service. */
export async function purgeThrottles(db: Db, now = new Date()): Promise<void> {
  const at = now.toISOString()
  await identityDb(db).deleteFrom('login_failures').where('expires_at', '<', at).execute()
  await identityDb(db).deleteFrom('known_devices').where('expires_at', '<', at).execute()
}
