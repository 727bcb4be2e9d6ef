import type { Db } from '../db/database.ts'
import { type CacheScope, versionsOf } from './versions.ts'

/** How many keys one kept read holds per database handle by default; past it, it starts again empty. */
const MAX_KEYS = 1000

interface Kept<V> {
  version: number
  values: Map<string, Promise<V>>
}

/**
 * A small, hot read of one scope's data, kept per process and database handle while the scope's version stays
 * (docs/decisions/0088): a site's terms, a shipping method, the shop's settings, which every cart call and
 * every order read again although they change a few times a year. The version is read first, by the handle's
 * shared reader (one statement per turn of the event loop for all callers), so a value is never older than a
 * write that committed before the call; every write to the scope bumps the version with `invalidate` (in any
 * process). A read on a transaction is made there and never kept: it may have to see the transaction's own
 * writes. Kept values are frozen, as every caller shares them.
 */
export function keptRead<V>(
  scope: CacheScope,
  read: (db: Db, key: string) => Promise<V>,
  options: { maxKeys?: number; keep?: (value: V) => boolean } = {},
): (db: Db, key: string) => Promise<V> {
  const { maxKeys = MAX_KEYS, keep } = options
  const kept = new WeakMap<Db, Kept<V>>()
  return async (db, key) => {
    if (db.isTransaction) return read(db, key)
    const version = (await versionsOf(db).read())[scope]
    let current = kept.get(db)
    // A caller that read an older version than one already kept (it waited longer) reads for itself.
    if (current && current.version > version) return read(db, key)
    if (!current || current.version < version || current.values.size >= maxKeys) {
      current = { version, values: new Map() }
      kept.set(db, current)
    }
    let value = current.values.get(key)
    if (!value) {
      const values = current.values
      value = read(db, key).then(deepFreeze)
      values.set(key, value)
      // A failed read is not kept, nor a value `keep` refuses: the next caller reads again.
      const forget = () => {
        if (values.get(key) === value) values.delete(key)
      }
      value.then((v) => {
        if (keep && !keep(v)) forget()
      }, forget)
    }
    return value
  }
}

function deepFreeze<V>(value: V): V {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const inner of Object.values(value)) deepFreeze(inner)
  }
  return value
}
