import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

/**
 * Password hashes: scrypt (node:crypto; argon2id would need a native addon) at OWASP strength
 * (N = 2^17, r = 8, p = 1: 128 MiB and a few hundred ms per hash), 16-byte salt, 32-byte key.
 * Stored as `scrypt$1$<log2 N>$<r>$<p>$<salt b64url>$<key b64url>`; the parameters travel with the hash so
 * they can be raised later (`needsRehash`) without invalidating existing passwords.
 */
const VERSION = '1'
const R = 8
const P = 1
const KEY_LENGTH = 32

function derive(password: string, salt: Buffer, log2n: number, r: number, p: number): Promise<Buffer> {
  const n = 2 ** log2n
  // scrypt needs 128·N·r bytes; Node refuses above `maxmem` (32 MiB by default).
  const maxmem = 128 * n * r + 16 * 1024 * 1024
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { N: n, r, p, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )
}

export async function hashPassword(password: string, log2n = 17): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, log2n, R, P)
  return ['scrypt', VERSION, log2n, R, P, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, version, log2n, r, p, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || version !== VERSION || !salt || !key) return false
  const expected = Buffer.from(key, 'base64url')
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(log2n), Number(r), Number(p))
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

export function needsRehash(stored: string, log2n: number): boolean {
  const [scheme, version, cost] = stored.split('$')
  return scheme !== 'scrypt' || version !== VERSION || Number(cost) < log2n
}

let dummy: Promise<string> | undefined
/** Spends the time of one verification when there is no account, so timing does not reveal existence. */
export async function burnVerification(password: string, log2n: number): Promise<void> {
  dummy ??= hashPassword('not a password of anyone', log2n)
  await verifyPassword(password, await dummy)
}
