import { createHash } from 'node:crypto'
import { MEDIA_FORMATS, type MediaFormat, mediaWidthsFor } from '@shop/contracts/media'
import type { Metadata, OutputInfo, Sharp } from 'sharp'
import { AppError, badRequest } from '../../platform/http/errors.ts'

const importSharp = () => import('sharp').then((module) => module.default)
let sharpLoaded: ReturnType<typeof importSharp> | undefined

/**
 * sharp (libvips) is loaded when an image is first inspected or made, not when the process starts
 * (docs/decisions/0090): a process that serves pages, answers and stored image files never maps libvips and its
 * heap (15–20 MB of the shop's peak resident memory). The first upload, or the first narrowing of a media directory's image, waits for the
 * load once (under 0.1 s).
 */
export const loadSharp = () => {
  sharpLoaded ??= importSharp()
  return sharpLoaded
}

/** The most pixels an upload may have (a decompression bomb is refused before it is decoded). */
export const MAX_INPUT_PIXELS = 40_000_000

/** What sharp reports for the formats the shop takes (AVIF is HEIF with AV1 inside). */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'heif'])

/**
 * Encoder settings (figures in docs/decisions/0047-uploaded-images.md and bench/images.ts): AVIF at effort 2
 * (effort 4 takes six times as long for 7 % fewer bytes), WebP at its default effort 4.
 */
export const ENCODE: Record<MediaFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 80, effort: 4 }),
}

export const CONTENT_TYPES: Record<MediaFormat, string> = { avif: 'image/avif', webp: 'image/webp' }

export interface ProcessedFile {
  width: number
  height: number
  format: MediaFormat
  bytes: Buffer
}

export interface ProcessedImage {
  /** Content address: the same bytes are the same image. */
  id: string
  width: number
  height: number
  files: ProcessedFile[]
}

const notAnImage = (message: string) =>
  badRequest('not_an_image', message, [{ field: 'file', type: 'not_an_image', message }])

export const mediaIdOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 32)

/** The real type of the bytes (never the file's name or the declared content type): 400 unless an accepted image. */
export async function inspect(bytes: Buffer): Promise<{ width: number; height: number }> {
  const sharp = await loadSharp()
  let metadata: Metadata
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata()
  } catch {
    throw notAnImage('The file is not an image (JPEG, PNG, WebP, AVIF or GIF)')
  }
  const format = metadata.format as string
  if (!ACCEPTED.has(format) || (format === 'heif' && metadata.compression !== 'av1')) {
    throw notAnImage(`The file is ${format.toUpperCase()}, not JPEG, PNG, WebP, AVIF or GIF`)
  }
  const width = metadata.autoOrient?.width ?? metadata.width ?? 0
  const height = metadata.autoOrient?.height ?? metadata.height ?? 0
  if (width < 1 || height < 1) throw notAnImage('The image has no pixels')
  if (width * height > MAX_INPUT_PIXELS) {
    const message = `The image has ${width} × ${height} pixels; at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels are taken`
    throw new AppError(400, 'image_too_large', message, [{ field: 'file', type: 'image_too_large', message }])
  }
  return { width, height }
}

/**
 * Every width of the ladder in every format. The original is decoded once (turned upright by its EXIF
 * orientation, made sRGB 8-bit, at most 1920 wide); each file is resized and encoded from those pixels.
 * Metadata (EXIF, GPS) is not copied to the files.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  const original = await inspect(bytes)
  const sharp = await loadSharp()
  const top = mediaWidthsFor(original.width).at(-1) as number
  let decoded: { data: Buffer; info: OutputInfo }
  try {
    decoded = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: top, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true })
  } catch {
    throw notAnImage('The image could not be read (damaged or cut short?)')
  }
  const { data, info } = decoded
  const raw = { width: info.width, height: info.height, channels: info.channels }
  const jobs = mediaWidthsFor(info.width).flatMap((width) =>
    MEDIA_FORMATS.map(async (format): Promise<ProcessedFile> => {
      const pipeline = sharp(data, { raw }).resize({ width, withoutEnlargement: true })
      const { data: out, info: done } = await ENCODE[format](pipeline).toBuffer({ resolveWithObject: true })
      return { width, height: done.height, format, bytes: out }
    }),
  )
  return {
    id: mediaIdOf(bytes),
    width: original.width,
    height: original.height,
    files: await Promise.all(jobs),
  }
}
