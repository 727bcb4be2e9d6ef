import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { DIRECTORY_MEDIA_PREFIX, directoryMediaPath, MEDIA_WIDTHS } from '@shop/contracts/media'
import type { MediaCache } from './media-cache.ts'
import { CONTENT_TYPES, ENCODE, loadSharp, MAX_INPUT_PIXELS } from './media-processing.ts'

/**
 * `/media/w/<width>/<path>`: an image of the media directory (`MEDIA_DIR`) narrowed to `width` (one of the
 * ladder's, never wider than the file) as a WebP, so a phone showing the demo catalogue's 1200-pixel squares in a
 * 180-pixel tile downloads a 320-pixel file (docs/decisions/0074). Made on the first request and kept in the
 * process's media cache, keyed by the file's modification time and size: a replaced file is made anew.
 * Undefined for a width off the ladder, a path outside the directory's image files, or a file that is not there
 * or not an image.
 */
export async function narrowedDirectoryImage(
  mediaDir: string,
  cache: MediaCache,
  width: number,
  path: string,
): Promise<{ bytes: Buffer; contentType: string; etag: string } | undefined> {
  if (!(MEDIA_WIDTHS as readonly number[]).includes(width)) return undefined
  const inside = directoryMediaPath(`/media/${path}`)
  if (!inside || inside !== path) return undefined
  const file = join(mediaDir, inside)
  const found = await stat(file).catch(() => undefined)
  if (!found?.isFile()) return undefined
  const etag = `"w${width}-${found.size.toString(36)}-${Math.trunc(found.mtimeMs).toString(36)}"`
  const key = `${DIRECTORY_MEDIA_PREFIX}${width}/${inside} ${etag}`
  const cached = cache.get(key)
  if (cached) return { ...cached, etag }
  try {
    const sharp = await loadSharp()
    const resized = sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width, withoutEnlargement: true })
    // The uploads' WebP settings (docs/decisions/0047).
    const bytes = await ENCODE.webp(resized).toBuffer()
    const entry = { bytes, contentType: CONTENT_TYPES.webp }
    cache.set(key, entry)
    return { ...entry, etag }
  } catch {
    return undefined
  }
}
