import { constants } from 'node:zlib'
import compress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'
import { COMPRESSION_THRESHOLD } from '../cache/encoded.ts'

/**
 * Brotli or gzip for every compressible answer made per request (API JSON, server-rendered HTML), by what the
 * client accepts, with `Vary: Accept-Encoding`. Registered before any route: @fastify/compress hooks each route
 * as it is added. Brotli at quality 4, not 11: dynamic answers pay the compression on every request. Each
 * chunk is flushed as it comes, so the streamed HTML still reaches the browser shell first. The built assets
 * are compressed once at build time instead (scripts/precompress.ts; @fastify/static sends the `.br`/`.gz`
 * files and this plugin leaves an answer that has a Content-Encoding alone). Images are not compressible
 * types and stay as they are. Request bodies are not decompressed: no client of the shop sends them compressed.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD,
    brotliOptions: {
      params: { [constants.BROTLI_PARAM_QUALITY]: 4 },
      flush: constants.BROTLI_OPERATION_FLUSH,
    },
    zlibOptions: { level: 6, flush: constants.Z_SYNC_FLUSH },
    globalDecompression: false,
  })
}
