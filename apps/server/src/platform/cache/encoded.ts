import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

export type Encoding = 'br' | 'gzip'

/** Answers smaller than this go out as they are: the headers would eat what compression saves. */
export const COMPRESSION_THRESHOLD = 1024

/** A kept answer or page whose body is compressed once per encoding, when a client first asks for it. */
export interface Encodable {
  body: Buffer
  /** The body compressed once per encoding, made when a client first asks for it (off the event loop). */
  encoded?: Map<Encoding, Promise<Buffer>>
  /** Told the size of each compressed copy once made (the cache counts it against its bytes). */
  onEncoded?: (bytes: number) => void
}

const compressBrotli = promisify(brotliCompress)
const compressGzip = promisify(gzip)

/**
 * The kept body in the encoding: brotli at quality 9 and gzip at 9, made once per kept body in the thread pool,
 * so a hit costs no compression (per-request compression of a 33 KB page cost three quarters of a hit's time).
 */
export function encodedBody(item: Encodable, encoding: Encoding): Promise<Buffer> {
  item.encoded ??= new Map()
  let body = item.encoded.get(encoding)
  if (!body) {
    body =
      encoding === 'br'
        ? compressBrotli(item.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
        : compressGzip(item.body, { level: 9 })
    item.encoded.set(encoding, body)
    body.then((encoded) => item.onEncoded?.(encoded.length)).catch(() => undefined)
  }
  return body
}

/** The encoding to send a kept body in: brotli, else gzip, when the client accepts it (q=0 refuses). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = new Set<string>()
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    if (q && Number(q.slice(2)) === 0) continue
    accepted.add(name.trim())
  }
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip'
  return undefined
}
