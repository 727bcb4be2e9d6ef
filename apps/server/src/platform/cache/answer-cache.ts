import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../db/database.ts'
import { COMPRESSION_THRESHOLD, type Encodable, encodedBody, preferredEncoding } from './encoded.ts'
import { markPublic } from './public-answer.ts'
import { type CacheScope, VersionReader } from './versions.ts'

/**
 * How many answers, and how many bytes of them (each body and its compressed copies), one process keeps (least
 * recently used out first).
 */
const MAX_ENTRIES = 10_000
const MAX_BYTES = 64 * 1024 * 1024

interface Entry extends Encodable {
  version: number
  /** Date.now() past which the answer is old whatever the version (a price that starts or ends then). */
  until: number
  /** The answer as it went out, UTF-8: a hit sends these bytes, or their compressed copy, with no encoding. */
  body: Buffer
  headers: Record<string, string>
  /** The bytes of the body and of its compressed copies made so far. */
  bytes: number
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
  private bytes = 0
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
        const body = Buffer.from(payload)
        this.store(pending.key, {
          version: pending.version,
          until: pending.until,
          body,
          headers: kept,
          bytes: body.length,
        })
      }
      return payload
    })
  }

  /**
   * The cached answer of the key when it was computed at the current version (its bytes sent as they are, with
   * its headers, or their brotli or gzip copy made once when the client takes one), else `compute()`'s, kept by
   * the onSend hook of `install` when it succeeds. The version is read before computing, so a kept answer is
   * never older than the version it is filed under.
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
      // Bytes go out as they are: no serialization, no encoding of a string, no compression per request.
      const encoding =
        hit.body.length >= COMPRESSION_THRESHOLD
          ? preferredEncoding(req.headers['accept-encoding'])
          : undefined
      if (!encoding) return hit.body as T
      void reply.header('vary', 'accept-encoding').header('content-encoding', encoding)
      return (await encodedBody(hit, encoding)) as T
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
      this.bytes -= old.bytes
    }
    if (entry.body.length > MAX_BYTES / 16) return
    entry.onEncoded = (bytes) => {
      if (this.entries.get(key) !== entry) return
      entry.bytes += bytes
      this.bytes += bytes
      this.evict()
    }
    this.entries.set(key, entry)
    this.bytes += entry.bytes
    this.evict()
  }

  private evict(): void {
    while (this.entries.size > MAX_ENTRIES || this.bytes > MAX_BYTES) {
      const [oldest, value] = this.entries.entries().next().value as [string, Entry]
      this.entries.delete(oldest)
      this.bytes -= value.bytes
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
