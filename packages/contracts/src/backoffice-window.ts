import { z } from 'zod'
import { endpoint, errors } from './endpoint.ts'
import { SiteParamsSchema } from './site.ts'

/**
 * The shop window (docs/decisions/0055-shop-window.md): a site's home-page slides and its two banners, read and
 * replaced whole by the owner (the shop's settings, not the catalogue: tag `owner` only). Images are given by
 * address until the back office can upload them.
 */

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && url.hostname !== ''
  } catch {
    return false
  }
}
/** A path of this shop (`/c/bags~c-bags`, `/media/…`): one leading slash, no spaces or backslashes. */
const SHOP_PATH = /^\/(?!\/)[^\s\\]*$/

/** Where a slide or banner leads, or where its image is: a path of this shop or an https address. */
export const ShopAddressSchema = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .refine(
    (v) => SHOP_PATH.test(v) || isHttpsUrl(v),
    'a path of this shop (starting with /) or an https:// address',
  )

/** A text per language of the site (`{ en: '…', de: '…' }`); languages the site does not have are refused. */
export const PerLanguageSchema = z.record(
  z.string().regex(/^[a-z]{2}$/, 'a two-letter language code'),
  z.string().trim().max(300),
)

export const WindowSlideSchema = z
  .object({
    /** The image on wide screens (1600 × 640). */
    large: ShopAddressSchema,
    /** The image on narrow screens (800 × 800). */
    small: ShopAddressSchema,
    /** What the image shows, per language (its text for screen readers). */
    alt: PerLanguageSchema.default({}),
    link: ShopAddressSchema.nullable().default(null),
  })
  .strict()
export type WindowSlide = z.infer<typeof WindowSlideSchema>

export const WindowBannerSchema = z
  .object({
    imageUrl: ShopAddressSchema,
    alt: PerLanguageSchema.default({}),
    link: ShopAddressSchema.nullable().default(null),
  })
  .strict()
export type WindowBanner = z.infer<typeof WindowBannerSchema>

/** A site's whole shop window, in order; no banners at all and the home page shows all products (spec §2). */
export const ShopWindowInputSchema = z
  .object({
    slides: z.array(WindowSlideSchema).max(12),
    banner1: WindowBannerSchema.nullable(),
    banner2: WindowBannerSchema.nullable(),
  })
  .strict()
export type ShopWindowInput = z.infer<typeof ShopWindowInputSchema>

export const ShopWindowSchema = z
  .object({
    site: z.string(),
    languages: z.array(z.string()),
    slides: z.array(WindowSlideSchema),
    banner1: WindowBannerSchema.nullable(),
    banner2: WindowBannerSchema.nullable(),
    /** The images every site's window uses now, to pick from. */
    images: z.array(z.string()),
  })
  .meta({ id: 'ShopWindow' })
export type ShopWindow = z.infer<typeof ShopWindowSchema>

export const windowApi = {
  shopWindow: endpoint({
    method: 'GET',
    path: '/api/owner/sites/:code/window',
    tags: ['owner'],
    security: 'bearer',
    params: SiteParamsSchema,
    responses: { 200: ShopWindowSchema, ...errors(400, 401, 403, 404) },
  }),
  /** Replaces the site's slides and banners; the home page shows them on its next visit. */
  replaceShopWindow: endpoint({
    method: 'PUT',
    path: '/api/owner/sites/:code/window',
    tags: ['owner'],
    security: 'bearer',
    params: SiteParamsSchema,
    body: ShopWindowInputSchema,
    responses: { 200: ShopWindowSchema, ...errors(400, 401, 403, 404) },
  }),
}
