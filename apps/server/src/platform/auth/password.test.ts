import assert from 'node:assert/strict'
import { test } from 'node:test'
import { hashPassword, needsRehash, verifyPassword } from './password.ts'

test('scrypt at OWASP cost (N=2^17, r=8, p=1): versioned format, verify, measured time', async () => {
  const started = performance.now()
  const stored = await hashPassword('correct horse battery')
  const hashMs = performance.now() - started
  assert.match(stored, /^scrypt\$1\$17\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/)
  const verifyStart = performance.now()
  assert.equal(await verifyPassword('correct horse battery', stored), true)
  const verifyMs = performance.now() - verifyStart
  assert.equal(await verifyPassword('correct horse batterY', stored), false)
  // Measured, not asserted against a machine-dependent bound beyond "really did the work".
  console.log(`scrypt N=2^17 r=8 p=1: hash ${hashMs.toFixed(0)} ms, verify ${verifyMs.toFixed(0)} ms`)
  assert.ok(hashMs > 20, `a 128 MiB scrypt cannot take ${hashMs} ms`)
})

test('salts differ, parameters travel with the hash, lower-cost hashes ask for a rehash', async () => {
  const a = await hashPassword('same password', 12)
  const b = await hashPassword('same password', 12)
  assert.notEqual(a, b)
  assert.equal(await verifyPassword('same password', a), true)
  assert.equal(needsRehash(a, 17), true)
  assert.equal(needsRehash(a, 12), false)
  assert.equal(await verifyPassword('same password', 'bcrypt$whatever'), false)
  assert.equal(await verifyPassword('same password', a.replace('scrypt$1$', 'scrypt$2$')), false)
})
