import { localizedPaths } from '@shop/contracts/slug'
import type { AppContext } from '../../platform/http/context.ts'
import { categorySlugs, listCategories } from '../catalogue/category.service.ts'
import { publishedProductCount, sitemapProducts } from '../catalogue/product.service.ts'
import { listSites } from '../site/site.service.ts'

/**
 * Sitemaps may hold 50,000 URLs; parts of 10,000 keep each one quick to build (~0.1 s at 100,000 products),
 * so a crawler reading them does not hold up shoppers served by the same process.
 */
export const URLS_PER_SITEMAP = 10_000

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  )

/** One page: its path in each language (a language not listed uses `en`'s). */
interface Entry {
  paths: Record<string, string>
  lastmod?: string
}

const pathIn = (entry: Entry, language: string) => entry.paths[language] ?? entry.paths.en ?? ''

/** The pages before the products: home, all products and every category (a few hundred at most). */
async function leadingEntries(ctx: AppContext): Promise<Entry[]> {
  const categories = await listCategories(ctx, { language: 'en', toplevel: false, subcategories: false })
  const names = await categorySlugs(
    ctx,
    categories.map((c) => c.id),
  )
  return [
    { paths: { en: '/' } },
    { paths: { en: '/c/all' } },
    ...categories.map((c) => ({ paths: localizedPaths('c', c.id, names.get(c.id) ?? { en: c.slug }) })),
  ]
}

async function languages(ctx: AppContext): Promise<string[]> {
  const sites = await listSites(ctx)
  return [...new Set(['en', ...sites.flatMap((s) => s.languages)])]
}

/** ADR 0006: English at the plain URL, every other language at `?lang=<code>`, on the language's own path. */
const languageUrl = (base: string, path: string, language: string) =>
  `${base}${path}${language === 'en' ? '' : `?lang=${language}`}`

/**
 * The sitemap (or, when it is too long, the index of its parts): one `<url>` per page and language, each
 * naming every language's final URL (no redirect: a name that differs by language has its own slug) and
 * x-default (English).
 */
export async function sitemap(
  ctx: AppContext,
  part?: number,
  urlsPerPart = URLS_PER_SITEMAP,
): Promise<string | undefined> {
  const base = ctx.config.publicUrl
  const [leading, products, langs] = await Promise.all([
    leadingEntries(ctx),
    publishedProductCount(ctx),
    languages(ctx),
  ])
  const pagesPerPart = Math.max(1, Math.floor(urlsPerPart / langs.length))
  const parts = Math.ceil((leading.length + products) / pagesPerPart)
  if (part === undefined && parts > 1) {
    const items = Array.from(
      { length: parts },
      (_, i) => `  <sitemap><loc>${escapeXml(`${base}/sitemap-${i + 1}.xml`)}</loc></sitemap>`,
    )
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`
  }
  const index = (part ?? 1) - 1
  if (index < 0 || index >= Math.max(parts, 1)) return undefined
  // A part reads only its own products (in id order), so its cost does not grow with the catalogue.
  const from = index * pagesPerPart
  const to = from + pagesPerPart
  const offset = Math.max(0, from - leading.length)
  const slice: Entry[] = [
    ...leading.slice(from, to),
    ...(await sitemapProducts(ctx, { offset, limit: to - leading.length - offset })).map((p) => ({
      paths: localizedPaths('p', p.id, p.slugs),
      lastmod: p.createdAt.slice(0, 10),
    })),
  ]
  const urls = slice.flatMap((e) => {
    const alternates = langs.map(
      (l) =>
        `    <xhtml:link rel="alternate" hreflang="${l}" href="${escapeXml(languageUrl(base, pathIn(e, l), l))}"/>`,
    )
    alternates.push(
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(languageUrl(base, pathIn(e, 'en'), 'en'))}"/>`,
    )
    const lastmod = e.lastmod ? `\n    <lastmod>${e.lastmod}</lastmod>` : ''
    return langs.map(
      (l) =>
        `  <url>\n    <loc>${escapeXml(languageUrl(base, pathIn(e, l), l))}</loc>${lastmod}\n${alternates.join('\n')}\n  </url>`,
    )
  })
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`
}

export function robots(ctx: AppContext): string {
  return [
    'User-agent: *',
    'Disallow: /checkout',
    'Disallow: /cart',
    'Disallow: /account',
    'Disallow: /api/',
    'Disallow: /confirmation/',
    '',
    `Sitemap: ${ctx.config.publicUrl}/sitemap.xml`,
    '',
  ].join('\n')
}
