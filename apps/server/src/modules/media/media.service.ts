import type { UploadedMedia } from '@shop/contracts/backoffice-media'
import { MEDIA_FORMATS, type MediaFormat, uploadedMediaUrl } from '@shop/contracts/media'
import type { StaffPrincipal } from '../../platform/auth/staff.ts'
import type { Db } from '../../platform/db/database.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { recordAudit } from '../audit/audit.service.ts'
import { findMediaFile, findMediaSizes, insertMediaFiles } from './media.repository.ts'
import type { MediaCache } from './media-cache.ts'
import { CONTENT_TYPES, processImage } from './media-processing.ts'

/** Uploads processed at once by this process (each takes its two cores for a few seconds); others wait. */
const MAX_PROCESSING = 2
let processing = 0
const waiting: Array<() => void> = []

async function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  if (processing >= MAX_PROCESSING) await new Promise<void>((resume) => waiting.push(resume))
  processing++
  try {
    return await work()
  } finally {
    processing--
    waiting.shift()?.()
  }
}

/** An uploaded image as callers name it: id, URL (largest WebP), widths and the original's size. */
export type MediaSummary = Omit<UploadedMedia, 'formats'>

/**
 * Stores an uploaded file (docs/decisions/0047-uploaded-images.md): checks its real type and size, makes every
 * width in AVIF and WebP, and writes them with the audit entry in one transaction. Any owner of images
 * (products, variants, the shop window) then names the answer's id.
 */
export async function uploadMedia(
  ctx: AppContext,
  staff: StaffPrincipal,
  bytes: Buffer,
): Promise<UploadedMedia> {
  const image = await oneAtATime(() => processImage(bytes))
  const created_at = new Date().toISOString()
  const widths = [...new Set(image.files.map((f) => f.width))]
  const largest = image.files.find((f) => f.width === widths.at(-1)) as (typeof image.files)[number]
  const summary: UploadedMedia = {
    id: image.id,
    url: uploadedMediaUrl(image.id, largest.width, 'webp'),
    widths,
    width: largest.width,
    height: largest.height,
    formats: [...MEDIA_FORMATS],
  }
  await ctx.db.transaction().execute(async (trx) => {
    const rows = image.files.map((f) => ({
      media_id: image.id,
      width: f.width,
      format: f.format,
      height: f.height,
      content_type: CONTENT_TYPES[f.format],
      size: f.bytes.length,
      bytes: f.bytes,
      created_at,
    }))
    const stored = await insertMediaFiles(trx, rows)
    const bytesStored = rows.reduce((sum, r) => sum + r.size, 0)
    if (stored) {
      await recordAudit(trx, staff, {
        entity: 'media',
        entityId: image.id,
        action: 'create',
        before: null,
        after: { ...summary, files: rows.length, bytes: bytesStored, uploadBytes: bytes.length },
      })
    }
  })
  return summary
}

/** What is known of these uploads (unknown ids are missing from the map). */
export async function mediaSummaries(db: Db, ids: readonly string[]): Promise<Map<string, MediaSummary>> {
  const rows = await findMediaSizes(db, [...new Set(ids)])
  const found = new Map<string, MediaSummary>()
  for (const row of rows) {
    if (row.format !== 'webp') continue
    const known = found.get(row.media_id)
    const widths = [...(known?.widths ?? []), row.width]
    found.set(row.media_id, {
      id: row.media_id,
      url: uploadedMediaUrl(row.media_id, row.width, 'webp'),
      widths,
      width: row.width,
      height: row.height,
    })
  }
  return found
}

/** One stored file for the public path, from the process's cache or the database; undefined when unknown. */
export async function mediaFile(
  ctx: AppContext,
  cache: MediaCache,
  file: { id: string; width: number; format: MediaFormat },
): Promise<{ bytes: Buffer; contentType: string } | undefined> {
  const key = `${file.id}/${file.width}.${file.format}`
  const cached = cache.get(key)
  if (cached) return cached
  const row = await findMediaFile(ctx.db, file.id, file.width, file.format)
  if (!row) return undefined
  const bytes = Buffer.isBuffer(row.bytes)
    ? row.bytes
    : Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength)
  const entry = { bytes, contentType: row.content_type }
  cache.set(key, entry)
  return entry
}
