import type { AppContext } from '../../platform/http/context.ts'
import { categorySlugs, listCategories } from '../catalogue/category.service.ts'
import { sitemapProducts } from '../catalogue/product.service.ts'
import { listSites } from '../site/site.service.ts'

/** Sitemaps hold at most 50,000 URLs; beyond that the sitemap becomes an index of numbered parts. */
export const URLS_PER_SITEMAP = 45_000

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

async function entries(ctx: AppContext): Promise<Entry[]> {
  const [categories, products] = await Promise.all([
    listCategories(ctx, { language: 'en', toplevel: false, subcategories: false }),
    sitemapProducts(ctx),
  ])
  const categoryNames = await categorySlugs(
    ctx,
    categories.map((c) => c.id),
  )
  const localized = (kind: 'c' | 'p', id: string, slugs: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(slugs).map(([l, slug]) => [l, `/${kind}/${slug}~${encodeURIComponent(id)}`]),
    )
  return [
    { paths: { en: '/' } },
    { paths: { en: '/c/all' } },
    ...categories.map((c) => ({ paths: localized('c', c.id, categoryNames.get(c.id) ?? { en: c.slug }) })),
    ...products.map((p) => ({ paths: localized('p', p.id, p.slugs), lastmod: p.createdAt.slice(0, 10) })),
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
export async function sitemap(ctx: AppContext, part?: number): Promise<string | undefined> {
  const base = ctx.config.publicUrl
  const [all, langs] = await Promise.all([entries(ctx), languages(ctx)])
  const pagesPerPart = Math.max(1, Math.floor(URLS_PER_SITEMAP / langs.length))
  const parts = Math.ceil(all.length / pagesPerPart)
  if (part === undefined && parts > 1) {
    const items = Array.from(
      { length: parts },
      (_, i) => `  <sitemap><loc>${escapeXml(`${base}/sitemap-${i + 1}.xml`)}</loc></sitemap>`,
    )
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`
  }
  const index = (part ?? 1) - 1
  if (index < 0 || index >= Math.max(parts, 1)) return undefined
  const slice = all.slice(index * pagesPerPart, (index + 1) * pagesPerPart)
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
