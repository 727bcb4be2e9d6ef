import type { ShopWindowInput, WindowBanner, WindowSlide } from '@shop/contracts/backoffice-window'
import { invalidate } from '../../platform/cache/versions.ts'
import type { Db } from '../../platform/db/database.ts'
import { badRequest, notFound } from '../../platform/http/errors.ts'
import { allSiteMixins, findSiteMixins, writeSiteMixins } from './shop-window.repository.ts'

/**
 * A site's shop window (docs/decisions/0055-shop-window.md): the home page's slides and two banners, kept in the
 * site's mixins (`siteContentDetails`, the shape the storefront reads, spec §3). The site module owns `sites`.
 */
interface StoredImage {
  imageUrl: string
}
interface StoredContent {
  topImages?: Array<{ large: StoredImage; small: StoredImage; alt?: Record<string, string>; link?: string }>
  banner1?: { imageUrl: string; link?: string; alt?: Record<string, string> }
  banner2?: { imageUrl: string; link?: string; alt?: Record<string, string> }
}
type StoredMixins = Record<string, unknown> & { siteContentDetails?: StoredContent }

export type WindowContent = Pick<ShopWindowInput, 'slides' | 'banner1' | 'banner2'>

function parseMixins(json: string): StoredMixins {
  const parsed: unknown = JSON.parse(json || '{}')
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as StoredMixins) : {}
}

const toBanner = (stored: StoredContent['banner1']): WindowBanner | null =>
  stored?.imageUrl ? { imageUrl: stored.imageUrl, alt: stored.alt ?? {}, link: stored.link ?? null } : null

function contentOf(mixins: StoredMixins): WindowContent {
  const content = mixins.siteContentDetails ?? {}
  return {
    slides: (content.topImages ?? []).map(
      (s): WindowSlide => ({
        large: s.large.imageUrl,
        small: s.small.imageUrl,
        alt: s.alt ?? {},
        link: s.link ?? null,
      }),
    ),
    banner1: toBanner(content.banner1),
    banner2: toBanner(content.banner2),
  }
}

/** Stored as the demo data has it: no `link` key when there is none. */
const withoutNull = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null)) as {
    [K in keyof T]: Exclude<T[K], null>
  }

function storedOf(content: WindowContent): StoredContent {
  const stored: StoredContent = {
    topImages: content.slides.map((s) =>
      withoutNull({ large: { imageUrl: s.large }, small: { imageUrl: s.small }, alt: s.alt, link: s.link }),
    ),
  }
  if (content.banner1) stored.banner1 = withoutNull(content.banner1) as StoredContent['banner1']
  if (content.banner2) stored.banner2 = withoutNull(content.banner2) as StoredContent['banner2']
  return stored
}

/** Every image any site's window uses, for the back office's picker. */
async function imagesInUse(db: Db): Promise<string[]> {
  const found = new Set<string>()
  for (const row of await allSiteMixins(db)) {
    const content = contentOf(parseMixins(row.mixins))
    for (const slide of content.slides) found.add(slide.large).add(slide.small)
    for (const banner of [content.banner1, content.banner2]) if (banner) found.add(banner.imageUrl)
  }
  return [...found].sort()
}

export async function readShopWindow(db: Db, code: string) {
  const row = await findSiteMixins(db, code)
  if (!row) throw notFound('Site', code)
  return {
    site: row.code,
    languages: JSON.parse(row.languages) as string[],
    ...contentOf(parseMixins(row.mixins)),
    images: await imagesInUse(db),
  }
}

/** Texts only in the site's languages: 400 naming the field of one in another language. */
function checkLanguages(input: ShopWindowInput, languages: string[]): void {
  const details: Array<{ field: string; type: string; message: string }> = []
  const check = (alt: Record<string, string>, field: string) => {
    for (const language of Object.keys(alt)) {
      if (!languages.includes(language)) {
        details.push({
          field: `${field}.alt.${language}`,
          type: 'invalid',
          message: `the site's languages are ${languages.join(', ')}`,
        })
      }
    }
  }
  input.slides.forEach((slide, i) => {
    check(slide.alt, `body.slides.${i}`)
  })
  if (input.banner1) check(input.banner1.alt, 'body.banner1')
  if (input.banner2) check(input.banner2.alt, 'body.banner2')
  if (details.length > 0) throw badRequest('validation_failed', 'The request is not valid', details)
}

/**
 * Replaces the site's window in the caller's transaction and bumps the `settings` cache version with it, so
 * every process drops its kept home pages (docs/decisions/0040-page-cache.md). Other mixins stay as they are.
 */
export async function replaceShopWindow(trx: Db, code: string, input: ShopWindowInput) {
  const row = await findSiteMixins(trx, code)
  if (!row) throw notFound('Site', code)
  checkLanguages(input, JSON.parse(row.languages) as string[])
  const mixins = parseMixins(row.mixins)
  const before = contentOf(mixins)
  const after: WindowContent = { slides: input.slides, banner1: input.banner1, banner2: input.banner2 }
  await writeSiteMixins(trx, code, JSON.stringify({ ...mixins, siteContentDetails: storedOf(after) }))
  await invalidate(trx, 'settings')
  return { before, after }
}
