import type { Db } from '../../platform/db/database.ts'

/** A row of media_files (migration 0021): one size in one format of one upload. */
export interface MediaFileRow {
  media_id: string
  width: number
  format: string
  height: number
  content_type: string
  size: number
  bytes: Uint8Array
  created_at: string
}

const mediaDb = (db: Db) => db.withTables<{ media_files: MediaFileRow }>()

/** Every file of one upload; a second upload of the same bytes (same id) leaves the first one's rows. */
export async function insertMediaFiles(db: Db, rows: MediaFileRow[]): Promise<boolean> {
  const result = await mediaDb(db)
    .insertInto('media_files')
    .values(rows)
    .onConflict((c) => c.columns(['media_id', 'width', 'format']).doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}

/** Width, height and format of every file of these uploads (no bytes). */
export function findMediaSizes(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([])
  return mediaDb(db)
    .selectFrom('media_files')
    .select(['media_id', 'width', 'height', 'format'])
    .where('media_id', 'in', ids)
    .orderBy('media_id')
    .orderBy('width')
    .execute()
}

/** One file's bytes and type, or undefined. */
export function findMediaFile(db: Db, id: string, width: number, format: string) {
  return mediaDb(db)
    .selectFrom('media_files')
    .select(['bytes', 'content_type'])
    .where('media_id', '=', id)
    .where('width', '=', width)
    .where('format', '=', format)
    .executeTakeFirst()
}
