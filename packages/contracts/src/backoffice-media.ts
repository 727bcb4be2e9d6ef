import { z } from 'zod'
import { LanguageSchema } from './common.ts'
import { endpoint, errors } from './endpoint.ts'
import { CATALOGUE_STAFF_TAG } from './staff.ts'

/**
 * Images in the back office (docs/decisions/0047-uploaded-images.md): one generic upload (any owner of
 * images: products, variants, the shop window) and the product's ordered list of images with alt texts.
 */
const tags = ['owner', CATALOGUE_STAFF_TAG] as const

/** The largest file the upload takes (bytes); a larger one is 413 file_too_large. */
export const MEDIA_MAX_BYTES = 20 * 1024 * 1024

/** An uploaded image: its id, its URL (the largest WebP), the widths it is served in and the largest size. */
export const UploadedMediaSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    widths: z.array(z.number().int()),
    width: z.number().int(),
    height: z.number().int(),
    formats: z.array(z.string()),
  })
  .meta({ id: 'UploadedMedia' })
export type UploadedMedia = z.infer<typeof UploadedMediaSchema>

/** Alt text per language (`{ en: '…', de: '…' }`); an empty text is left out. */
export const AltTextsSchema = z.record(LanguageSchema, z.string().trim().max(300))

/** One image of a product as the staff see it: uploaded (widths, size) or from the demo data (url only). */
export const StaffMediaSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    widths: z.array(z.number().int()).optional(),
    width: z.number().int().optional(),
    height: z.number().int().optional(),
    alt: z.record(z.string(), z.string()),
  })
  .meta({ id: 'StaffMedia' })
export type StaffMedia = z.infer<typeof StaffMediaSchema>

export const StaffMediaListSchema = z
  .object({ media: z.array(StaffMediaSchema) })
  .meta({ id: 'StaffMediaList' })
export type StaffMediaList = z.infer<typeof StaffMediaListSchema>

/**
 * The product's images in order: each an id the product already shows or an uploaded image's id, with its
 * alt texts. Left out means removed (the stored files stay: another product or a backup may name them).
 */
export const StaffMediaInputSchema = z.object({
  media: z
    .array(z.object({ id: z.string().trim().min(1).max(100), alt: AltTextsSchema.default({}) }).strict())
    .max(30),
})
export type StaffMediaInput = z.input<typeof StaffMediaInputSchema>

const ProductParamsSchema = z.object({ productId: z.string().min(1).max(64) })

export const backofficeMediaApi = {
  /**
   * The body is the file's bytes as they are (any content type: the server reads the real type from the bytes).
   * JPEG, PNG, WebP, AVIF or GIF up to 20 MB and 40 megapixels; anything else 400 not_an_image (field `file`),
   * larger 413 file_too_large, more pixels 400 image_too_large. The same bytes twice give the same image.
   */
  upload: endpoint({
    method: 'POST',
    path: '/api/owner/media',
    tags,
    security: 'bearer',
    description:
      'Upload one image: the request body is the raw file (JPEG, PNG, WebP, AVIF or GIF, ≤ 20 MB). Answers its id, URL and widths.',
    responses: { 201: UploadedMediaSchema, ...errors(400, 401, 403, 413) },
  }),
  productMedia: endpoint({
    method: 'GET',
    path: '/api/owner/products/:productId/media',
    tags,
    security: 'bearer',
    params: ProductParamsSchema,
    responses: { 200: StaffMediaListSchema, ...errors(400, 401, 403, 404) },
  }),
  /** 400 unknown_media (field media.N.id) for an id neither uploaded nor already the product's. */
  setProductMedia: endpoint({
    method: 'PUT',
    path: '/api/owner/products/:productId/media',
    tags,
    security: 'bearer',
    params: ProductParamsSchema,
    body: StaffMediaInputSchema,
    responses: { 200: StaffMediaListSchema, ...errors(400, 401, 403, 404) },
  }),
}
