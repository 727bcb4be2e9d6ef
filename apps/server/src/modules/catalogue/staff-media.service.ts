import type { Db } from '../../platform/db/database.ts'
import { notFound } from '../../platform/http/errors.ts'
import { parseStoredMedia, type StoredMedia } from './product-media.ts'
import { invalidateCatalogue } from './stock.service.ts'

export type { StoredMedia } from './product-media.ts'

/** A product's images as stored, in order; 404 for an unknown product. */
export async function getProductMedia(db: Db, productId: string): Promise<StoredMedia[]> {
  const row = await db.selectFrom('products').select('media').where('id', '=', productId).executeTakeFirst()
  if (!row) throw notFound('Product', productId)
  return parseStoredMedia(row.media)
}

/** Replaces a product's images (order, alt texts); the catalogue's caches follow from the commit on. */
export async function setProductMedia(db: Db, productId: string, media: StoredMedia[]): Promise<void> {
  const result = await db
    .updateTable('products')
    .set({ media: JSON.stringify(media) })
    .where('id', '=', productId)
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) === 0) throw notFound('Product', productId)
  await invalidateCatalogue(db)
}
