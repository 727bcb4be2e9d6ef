/**
 * A per-process cache of served image files, bounded by their bytes (least recently used out first). The files
 * never change (content-addressed), so an entry is never stale; a miss costs one primary-key read.
 */
export class MediaCache {
  readonly #entries = new Map<string, { bytes: Buffer; contentType: string }>()
  #bytes = 0
  readonly maxBytes: number
  constructor(maxBytes: number) {
    this.maxBytes = maxBytes
  }

  get(key: string) {
    const entry = this.#entries.get(key)
    if (!entry) return undefined
    this.#entries.delete(key)
    this.#entries.set(key, entry)
    return entry
  }

  set(key: string, entry: { bytes: Buffer; contentType: string }): void {
    if (entry.bytes.length > this.maxBytes / 4 || this.#entries.has(key)) return
    this.#entries.set(key, entry)
    this.#bytes += entry.bytes.length
    for (const [oldest, old] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break
      this.#entries.delete(oldest)
      this.#bytes -= old.bytes.length
    }
  }

  get size(): number {
    return this.#bytes
  }
}
