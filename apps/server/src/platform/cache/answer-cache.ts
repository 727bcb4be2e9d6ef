import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../db/database.ts'
import { markPublic } from './public-answer.ts'
import { type CacheScope, VersionReader } from './versions.ts'

/** How many answers, and how many characters of them, one process keeps (least recently used out first). */
const MAX_ENTRIES = 10_000
const MAX_CHARS = 64 * 1024 * 1024

interface Entry {
  version: number
  /** Date.now() past which the answer is old whatever the version (a price that starts or ends then). */
  until: number
  body: string
  headers: Record<string, string>
}

interface Pending {
  key: string
  version: number
  until: number
}

/** What the caller tells about one cacheable answer. */
export interface Cacheable {
  /** Everything the answer varies by: the request (path and query) and every header it reads. */
  key: string
  /** Date.now() past which the answer must not be served even at the same version; none: no such instant. */
  until?: () => Promise<number>
}

/**
 * Serialized answers of one scope in one process (per database handle), each tagged with the scope's version
 * when it was computed (docs/decisions/0030-catalogue-answer-cache.md). Only for answers that are the same for
 * everybody who sends the same key: nothing that depends on a shopper, a cookie or a token.
 */
export class AnswerCache {
  private readonly entries = new Map<string, Entry>()
  private chars = 0
  private readonly pending = new WeakMap<FastifyRequest, Pending>()
  readonly versions: VersionReader
  private readonly scope: CacheScope

  constructor(db: Db, scope: CacheScope) {
    this.scope = scope
    this.versions = new VersionReader(db, scope)
  }

  /**
   * Registers the hook that keeps the answers computed by `serve` (in the plugin's encapsulation context): it
   * takes the payload as Fastify sends it, after serialization and every hook, so a cached answer is the same
   * bytes, with the same `headers`, as the uncached one.
   */
  install(app: FastifyInstance, headers: readonly string[]): void {
    app.addHook('onSend', async (req, reply, payload) => {
      const pending = this.pending.get(req)
      if (pending && reply.statusCode === 200 && typeof payload === 'string') {
        const kept: Record<string, string> = {}
        for (const name of ['content-type', ...headers]) {
          const value = reply.getHeader(name)
          if (value !== undefined) kept[name] = String(value)
        }
        this.store(pending.key, {
          version: pending.version,
          until: pending.until,
          body: payload,
          headers: kept,
        })
      }
      return payload
    })
  }

  /**
   * The cached answer of the key when it was computed at the current version (sent as is, with its headers),
   * else `compute()`'s, kept by the onSend hook of `install` when it succeeds. The version is read before
   * computing, so a kept answer is never older than the version it is filed under.
   */
  async serve<T>(req: FastifyRequest, reply: FastifyReply, cacheable: Cacheable, compute: () => Promise<T>) {
    if (req.method !== 'GET') return compute()
    const version = await this.versions.read()
    const hit = this.entries.get(cacheable.key)
    if (hit && hit.version === version && Date.now() < hit.until) {
      this.entries.delete(cacheable.key)
      this.entries.set(cacheable.key, hit)
      void reply.headers(hit.headers)
      markPublic(reply, this.scope, hit.until)
      // A string with a JSON content type goes out as is: no serialization, no preSerialization hooks.
      return hit.body as T
    }
    const until = cacheable.until ? await cacheable.until() : Number.POSITIVE_INFINITY
    this.pending.set(req, { key: cacheable.key, version, until })
    markPublic(reply, this.scope, until)
    return compute()
  }

  private store(key: string, entry: Entry): void {
    const old = this.entries.get(key)
    if (old) {
      if (old.version > entry.version) return
      this.entries.delete(key)
      this.chars -= old.body.length
    }
    if (entry.body.length > MAX_CHARS / 16) return
    this.entries.set(key, entry)
    this.chars += entry.body.length
    while (this.entries.size > MAX_ENTRIES || this.chars > MAX_CHARS) {
      const [oldest, value] = this.entries.entries().next().value as [string, Entry]
      this.entries.delete(oldest)
      this.chars -= value.body.length
    }
  }
}

const caches = new WeakMap<Db, Map<CacheScope, AnswerCache>>()

/** The answer cache of a scope for a database handle: one per process and database. */
export function answerCache(db: Db, scope: CacheScope): AnswerCache {
  let scopes = caches.get(db)
  if (!scopes) {
    scopes = new Map()
    caches.set(db, scopes)
  }
  let cache = scopes.get(scope)
  if (!cache) {
    cache = new AnswerCache(db, scope)
    scopes.set(scope, cache)
  }
  return cache
}

/** The key part of the headers an answer reads (absent ones as empty), in a fixed order. */
export function headerKey(req: FastifyRequest, names: readonly string[]): string {
  return JSON.stringify(names.map((name) => req.headers[name] ?? ''))
}
