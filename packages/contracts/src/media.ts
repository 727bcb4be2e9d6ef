/**
 * Uploaded images (docs/decisions/0047-uploaded-images.md): every upload is stored in the database in a fixed
 * ladder of widths (never wider than the original) and two formats, at a content-addressed path
 * `/media/u/<id>/<width>.<format>` that never changes. Pure helpers both the server and the storefront use.
 */

/** The widths an uploaded image is made in; an original narrower than a step stops the ladder at its width. */
export const MEDIA_WIDTHS = [320, 640, 960, 1280, 1920] as const
const MAX_MEDIA_WIDTH = 1920

/** The formats every width is made in, best first (the storefront offers AVIF, then WebP). */
export const MEDIA_FORMATS = ['avif', 'webp'] as const
export type MediaFormat = (typeof MEDIA_FORMATS)[number]

/** Where the uploaded images are served (below the shop's /media/ directory of demo images). */
export const UPLOADED_MEDIA_PREFIX = '/media/u/'

/** The widths made of an original this wide: the ladder's steps below it, then its width (at most 1920). */
export function mediaWidthsFor(originalWidth: number): number[] {
  const top = Math.min(Math.max(1, Math.round(originalWidth)), MAX_MEDIA_WIDTH)
  return [...MEDIA_WIDTHS.filter((w) => w < top), top]
}

export function uploadedMediaUrl(id: string, width: number, format: MediaFormat): string {
  return `${UPLOADED_MEDIA_PREFIX}${id}/${width}.${format}`
}

const UPLOADED = /^\/media\/u\/([a-z0-9]{8,64})\/(\d{1,5})\.(avif|webp)$/

/** The id and widths of an uploaded image from its URL (the largest WebP); undefined for any other URL. */
export function parseUploadedUrl(url: string): { id: string; widths: number[] } | undefined {
  const match = UPLOADED.exec(url)
  if (!match) return undefined
  return { id: match[1] as string, widths: mediaWidthsFor(Number(match[2])) }
}

/** `srcset` of an uploaded image's URL in one format (`…/320.avif 320w, …`); undefined for other URLs. */
export function mediaSrcSet(url: string, format: MediaFormat): string | undefined {
  const parsed = parseUploadedUrl(url)
  if (!parsed) return undefined
  return parsed.widths.map((w) => `${uploadedMediaUrl(parsed.id, w, format)} ${w}w`).join(', ')
}

/** The `src` for browsers without srcset: the WebP nearest 960 wide (a tile's or a phone's size). */
export function mediaFallbackSrc(url: string): string {
  const parsed = parseUploadedUrl(url)
  if (!parsed) return url
  const width = [...parsed.widths].reverse().find((w) => w <= 960) ?? (parsed.widths[0] as number)
  return uploadedMediaUrl(parsed.id, width, 'webp')
}

/** A thumbnail's `src`: an uploaded image's narrowest WebP; any other URL as it is. */
export function mediaThumbSrc(url: string): string {
  const parsed = parseUploadedUrl(url)
  return parsed ? uploadedMediaUrl(parsed.id, parsed.widths[0] as number, 'webp') : url
}

/**
 * The images of the shop's media directory (`MEDIA_DIR`: the demo catalogue's, an owner's own files) narrowed
 * by the server on request: `/media/w/<width>/<path>`, a WebP at most that wide (never wider than the file),
 * for `width` of MEDIA_WIDTHS (docs/decisions/0074). Their original width is not known, so the srcset names
 * the whole ladder.
 */
export const DIRECTORY_MEDIA_PREFIX = '/media/w/'
const DIRECTORY_FILE = /^\/media\/((?!u\/|w\/)[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\.(?:webp|png|jpe?g))$/

/** The path of a media directory's image inside the directory (`products/kite.webp`); undefined otherwise. */
export function directoryMediaPath(url: string): string | undefined {
  return DIRECTORY_FILE.exec(url)?.[1]
}

/** `srcset` of a media directory's image in every width of the ladder; undefined for any other URL. */
export function directoryMediaSrcSet(url: string): string | undefined {
  const path = directoryMediaPath(url)
  if (!path) return undefined
  return MEDIA_WIDTHS.map((w) => `${DIRECTORY_MEDIA_PREFIX}${w}/${path} ${w}w`).join(', ')
}
