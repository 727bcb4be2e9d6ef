import type { Db } from '../db/database.ts'
import type { Encodable } from './encoded.ts'
import { type PublicAnswer, readPublic } from './public-answer.ts'
import { type CacheScope, type ScopeVersions, versionsOf } from './versions.ts'

/**
 * How many pages, and how many bytes of them (each page's body and its compressed copies), one process keeps (least
 * recently used out first). 24 MB holds about 500 pages of 33 KB with their brotli and gzip copies: the pages
 * shoppers ask for most; the rest are rendered (docs/decisions/0073).
 */
const MAX_PAGES = 2_000
const MAX_BYTES = 24 * 1024 * 1024
/**
 * A kept page is rendered again at the latest after this long even at the same versions: a safety net for a
 * writer that forgets its `invalidate` call, not the way pages get fresh (the versions are).
 */
const MAX_AGE_MS = 60_000

export interface KeptPage extends Encodable {
  status: number
  headers: Array<[string, string]>
}

interface Entry extends KeptPage {
  /** The bytes of the body and of its compressed copies made so far. */
  bytes: number
  versions: ScopeVersions
  scopes: CacheScope[]
  until: number
}

/**
 * What one render read from the API: whether every answer was a public one (marked by its route, see
 * public-answer.ts) and succeeded, which scopes they belong to and the earliest instant one of them gets old.
 */
export class RenderReads {
  public = true
  until = Number.POSITIVE_INFINITY
  readonly scopes = new Set<CacheScope>()

  /** Called with the status and marker header of every API answer the render got. */
  saw(status: number, marker: string | string[] | number | undefined): void {
    const answer: PublicAnswer | undefined = readPublic(marker)
    if (!answer || status < 200 || status > 299) {
      this.public = false
      return
    }
    if (answer.scope !== 'static') this.scopes.add(answer.scope)
    this.until = Math.min(this.until, answer.until)
  }
}

/**
 * Server-rendered pages that are the same for every shopper who sends the same key (docs/decisions/0040): kept
 * with the versions of the scopes they were built from, read before the render, and served while those versions
 * are current. The caller decides what may be kept (the storefront's `pageCacheKey`: no cart, nobody signed in)
 * and hands over only pages built entirely from public answers.
 */
export class PageCache {
  private readonly entries = new Map<string, Entry>()
  private bytes = 0
  private readonly scopeVersions: ReturnType<typeof versionsOf>

  constructor(db: Db) {
    this.scopeVersions = versionsOf(db)
  }

  /** The versions of every scope now (one statement): read before a render, so a kept page is never newer than its label. */
  versions(): Promise<ScopeVersions> {
    return this.scopeVersions.read()
  }

  /** The kept page of the key when every scope it was built from is still at the version it was built at. */
  async get(key: string): Promise<KeptPage | undefined> {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (Date.now() >= entry.until) {
      this.drop(key, entry)
      return undefined
    }
    const current = await this.scopeVersions.read()
    if (entry.scopes.some((scope) => current[scope] !== entry.versions[scope])) {
      if (this.entries.get(key) === entry) this.drop(key, entry)
      return undefined
    }
    this.entries.delete(key)
    this.entries.set(key, entry)
    return entry
  }

  /**
   * Keeps a page rendered at `versions` from the reads `reads` recorded (ignored unless all were public); the page
   * to send, which then keeps the compressed copies made for it.
   */
  set(key: string, page: KeptPage, versions: ScopeVersions, reads: RenderReads): KeptPage {
    if (!reads.public || page.body.length > MAX_BYTES / 16) return page
    const old = this.entries.get(key)
    if (old) this.drop(key, old)
    const entry: Entry = {
      ...page,
      bytes: page.body.length,
      versions,
      scopes: [...reads.scopes],
      until: Math.min(reads.until, Date.now() + MAX_AGE_MS),
    }
    entry.onEncoded = (bytes) => {
      if (this.entries.get(key) !== entry) return
      entry.bytes += bytes
      this.bytes += bytes
      this.evict()
    }
    this.entries.set(key, entry)
    this.bytes += entry.bytes
    this.evict()
    return entry
  }

  /** The bytes of every kept page and its compressed copies (for tests and figures). */
  get size(): { pages: number; bytes: number } {
    return { pages: this.entries.size, bytes: this.bytes }
  }

  private evict(): void {
    while (this.entries.size > MAX_PAGES || this.bytes > MAX_BYTES) {
      const [oldest, entry] = this.entries.entries().next().value as [string, Entry]
      this.drop(oldest, entry)
    }
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key)
    this.bytes -= entry.bytes
  }
}
