/**
 * The last step of the storefront build (apps/web `npm run build`): writes `<file>.br` and `<file>.gz` beside
 * every compressible file of the client build (JS, CSS, SVG, JSON, HTML, text) at the highest quality, so the
 * server sends them as they are (@fastify/static `preCompressed`) and spends no CPU per request on them
 * (docs/decisions/0029). A variant no smaller than its file is not written: that file goes out as it is.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|html|txt|map|xml|webmanifest)$/

/** Precompresses every compressible file under `dir`; returns the bytes before and after (brotli). */
export function precompress(dir: string): { files: number; bytes: number; brotliBytes: number } {
  const totals = { files: 0, bytes: 0, brotliBytes: 0 }
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue
    const path = join(entry.parentPath, entry.name)
    const content = readFileSync(path)
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    })
    const gzip = gzipSync(content, { level: constants.Z_BEST_COMPRESSION })
    writeVariant(`${path}.br`, brotli, content.length)
    writeVariant(`${path}.gz`, gzip, content.length)
    totals.files++
    totals.bytes += content.length
    totals.brotliBytes += Math.min(brotli.length, content.length)
  }
  return totals
}

function writeVariant(path: string, bytes: Buffer, originalLength: number): void {
  if (bytes.length < originalLength) writeFileSync(path, bytes)
  else rmSync(path, { force: true })
}

if (import.meta.main) {
  const buildDir = resolve(
    process.env.WEB_BUILD_DIR ?? join(import.meta.dirname, '..', 'apps', 'web', 'build'),
  )
  const { files, bytes, brotliBytes } = precompress(join(buildDir, 'client'))
  console.log(`precompressed ${files} files: ${bytes} bytes, ${brotliBytes} with brotli`)
}
