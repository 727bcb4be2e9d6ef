import type { StaffMedia, StaffMediaInputSchema } from '@shop/contracts/backoffice-media'
import type { z } from 'zod'
import type { StaffPrincipal } from '../../platform/auth/staff.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { badRequest } from '../../platform/http/errors.ts'
import { recordAudit } from '../audit/audit.service.ts'
import { getProductMedia, type StoredMedia, setProductMedia } from '../catalogue/staff-media.service.ts'
import { mediaSummaries } from '../media/media.service.ts'
import { reindexProducts } from '../search/search.service.ts'

type MediaInput = z.output<typeof StaffMediaInputSchema>

const toStaff = ({ alts, uncommittedMedia: _, ...media }: StoredMedia): StaffMedia => ({
  ...media,
  alt: alts ?? {},
})

/** A product's images as the staff edit them (docs/decisions/0047-uploaded-images.md). */
export async function productMediaList(ctx: AppContext, productId: string) {
  return { media: (await getProductMedia(ctx.db, productId)).map(toStaff) }
}

/** Alt texts without the empty ones. */
const altsOf = (alt: Record<string, string>) =>
  Object.fromEntries(Object.entries(alt).filter(([, text]) => text.trim() !== ''))

/**
 * Sets a product's images: their order, alt texts and which stay. Each id is one the product already shows or an
 * uploaded image's (400 unknown_media naming `media.N.id` otherwise). One transaction with the cache bump and
 * the audit entry; the search index (which shows the first image) follows after the commit.
 */
export async function setProductMediaList(
  ctx: AppContext,
  staff: StaffPrincipal,
  productId: string,
  input: MediaInput,
) {
  const after = await ctx.db.transaction().execute(async (trx) => {
    const before = await getProductMedia(trx, productId)
    const uploaded = await mediaSummaries(
      trx,
      input.media.map((m) => m.id).filter((id) => !before.some((b) => b.id === id)),
    )
    const seen = new Set<string>()
    const details: Array<{ field: string; type: string; message: string }> = []
    const media: StoredMedia[] = []
    input.media.forEach((item, index) => {
      const field = `media.${index}.id`
      if (seen.has(item.id)) details.push({ field, type: 'duplicate', message: 'The image is listed twice' })
      seen.add(item.id)
      const known = before.find((b) => b.id === item.id) ?? uploaded.get(item.id)
      if (!known) details.push({ field, type: 'unknown_media', message: `No uploaded image ${item.id}` })
      else media.push({ ...known, alts: altsOf(item.alt) })
    })
    if (details.length > 0) throw badRequest('unknown_media', 'Some images are not known', details)
    const stored = media.map(({ alts, ...m }) => (Object.keys(alts ?? {}).length > 0 ? { ...m, alts } : m))
    await setProductMedia(trx, productId, stored)
    await recordAudit(trx, staff, {
      entity: 'product',
      entityId: productId,
      action: 'update',
      before: { media: before },
      after: { media: stored },
    })
    return stored
  })
  await reindexProducts(ctx, [productId])
  return { media: after.map(toStaff) }
}
