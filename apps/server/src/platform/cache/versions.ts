import { type CompiledQuery, sql } from 'kysely'
import type { Db } from '../db/database.ts'
import { arrivedAt, wroteScope } from './arrival.ts'

/**
 * A scope of cached answers: every write to what they show bumps its version (docs/decisions/0030). `catalogue`:
 * products, variants, texts, prices, stock, categories; `settings`: sites (with their home-page content),
 * shipping zones and methods, item fees; `auth`: the access tokens, bumped when any is revoked (0092).
 */
export type CacheScope = 'catalogue' | 'settings' | 'auth'

const versionsDb = (db: Db) => db.withTables<{ cache_versions: { scope: string; version: number } }>()

/**
 * The one call every write to a scope's data makes, with the writer's transaction: bumps the scope's version
 * so that the bump commits (or rolls back) with the change. Every process then sees its cached answers of the
 * scope as old on its next read. Call it as late in the transaction as the write allows: on PostgreSQL the
 * version row stays locked until the commit, so concurrent writers of one scope queue on it from there.
 */
export async function invalidate(db: Db, scope: CacheScope): Promise<void> {
  await versionsDb(db)
    .insertInto('cache_versions')
    .values({ scope, version: 1 })
    .onConflict((oc) => oc.column('scope').doUpdateSet({ version: sql<number>`cache_versions.version + 1` }))
    .execute()
  wroteScope()
}

/** Every scope's committed version, read in one statement (a scope not yet written is at 0). */
export type ScopeVersions = Record<CacheScope, number>

const SCOPES: readonly CacheScope[] = ['catalogue', 'settings', 'auth']

/**
 * The committed versions of every scope, read so that every read starts after the call was made: the callers of
 * one turn of the event loop share one read that starts at the end of the turn (in its check phase), after all
 * of them arrived; while one read is on its way, the callers that arrive join one next read that starts when it
 * ends (never the one on its way: it may have looked before a write that committed before they arrived). Under
 * load that makes one statement per turn or round trip instead of one per request, and never an old version. On
 * SQLite a read returns within the turn it starts in, so the turn is what the callers share
 * (docs/decisions/0082). One reader per database handle (`versionsOf`): the answer caches of both scopes, the
 * page cache and the category counts share its reads.
 *
 * Within a request, a read that started after the request arrived stands for all of its reads (0092): it saw
 * every write that committed before the request came, which is all a request may be promised. So a request
 * reads the versions once, however many cached reads it makes, and requests that arrived before a read started
 * share it, whether it is on its way or done. A request that wrote a scope reads afresh from then on.
 */
class VersionsReader {
  /** The read on its way, if any. */
  private running: Promise<ScopeVersions> | undefined
  /** When the read on its way started (`performance.now()`). */
  private runningSince = 0
  /** The read the next callers join: it starts at the end of the turn, or when the one on its way ends. */
  private next: Promise<ScopeVersions> | undefined
  /** The last read that succeeded, and when it started: a request that arrived before that may take it. */
  private last: { versions: Promise<ScopeVersions>; since: number } | undefined
  private readonly db: Db
  private readonly query: CompiledQuery<{ scope: string; version: number }>

  constructor(db: Db) {
    this.db = db
    this.query = versionsDb(db)
      .selectFrom('cache_versions')
      .select(['scope', 'version'])
      .where('scope', 'in', SCOPES)
      .compile()
  }

  read(): Promise<ScopeVersions> {
    const arrived = arrivedAt()
    if (arrived !== undefined) {
      if (this.running && this.runningSince >= arrived) return this.running
      if (this.last && this.last.since >= arrived) return this.last.versions
    }
    if (this.next) return this.next
    const start = this.running ? this.running.then(ignore, ignore) : endOfTurn()
    this.next = start.then(() => {
      this.next = undefined
      return this.launch()
    })
    return this.next
  }

  private launch(): Promise<ScopeVersions> {
    const since = performance.now()
    const read = this.db
      .executeQuery(this.query)
      .then((result) => {
        const versions: ScopeVersions = { catalogue: 0, settings: 0, auth: 0 }
        for (const row of result.rows) versions[row.scope as CacheScope] = Number(row.version)
        if (!this.last || this.last.since < since) this.last = { versions: read, since }
        return versions
      })
      .finally(() => {
        if (this.running === read) this.running = undefined
      })
    this.running = read
    this.runningSince = since
    return read
  }
}

const ignore = () => undefined
/** Resolves in the check phase of this turn of the event loop: after the I/O callbacks (requests) it runs. */
const endOfTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

const readers = new WeakMap<Db, VersionsReader>()

/** The shared reader of every scope's version for a database handle. */
export function versionsOf(db: Db): { read(): Promise<ScopeVersions> } {
  const known = readers.get(db)
  if (known) return known
  const reader = new VersionsReader(db)
  readers.set(db, reader)
  return reader
}

/** The committed version of one scope, by the handle's shared reader (`versionsOf`). */
export class VersionReader {
  private readonly scope: CacheScope
  private readonly versions: { read(): Promise<ScopeVersions> }

  constructor(db: Db, scope: CacheScope) {
    this.scope = scope
    this.versions = versionsOf(db)
  }

  async read(): Promise<number> {
    return (await this.versions.read())[this.scope]
  }
}
