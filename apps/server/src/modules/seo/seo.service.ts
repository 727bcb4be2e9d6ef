import { slugify } from '@shop/contracts/slug'
import type { AppContext } from '../../platform/http/context.ts'
import { listCategories } from '../catalogue/category.service.ts'
import { sitemapProducts } from '../catalogue/product.service.ts'
import { listSites } from '../site/site.service.ts'

/** Sitemaps hold at most 50,000 URLs; beyond that the sitemap becomes an index of numbered parts. */
export const URLS_PER_SITEMAP = 45_000

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  )

interface Entry {
  path: string
  lastmod?: string
}

async function entries(ctx: AppContext): Promise<Entry[]> {
  const [categories, products] = await Promise.all([
    listCategories(ctx, { language: 'en', toplevel: false, subcategories: false }),
    sitemapProducts(ctx),
  ])
  return [
    { path: '/' },
    { path: '/c/all' },
    ...categories.map((c) => ({ path: `/c/${c.slug || slugify(c.name)}~${encodeURIComponent(c.id)}` })),
    ...products.map((p) => ({
      path: `/p/${slugify(p.name)}~${encodeURIComponent(p.id)}`,
      lastmod: p.createdAt.slice(0, 10),
    })),
  ]
}

async function languages(ctx: AppContext): Promise<string[]> {
  const sites = await listSites(ctx)
  return [...new Set(['en', ...sites.flatMap((s) => s.languages)])]
}

/** The sitemap (or, when it is too long, the index of its parts), with an hreflang alternate per language. */
export async function sitemap(ctx: AppContext, part?: number): Promise<string | undefined> {
  const base = ctx.config.publicUrl
  const all = await entries(ctx)
  const parts = Math.ceil(all.length / URLS_PER_SITEMAP)
  if (part === undefined && parts > 1) {
    const items = Array.from(
      { length: parts },
      (_, i) => `  <sitemap><loc>${escapeXml(`${base}/sitemap-${i + 1}.xml`)}</loc></sitemap>`,
    )
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`
  }
  const index = (part ?? 1) - 1
  if (index < 0 || index >= Math.max(parts, 1)) return undefined
  const langs = await languages(ctx)
  const slice = all.slice(index * URLS_PER_SITEMAP, (index + 1) * URLS_PER_SITEMAP)
  const urls = slice.map((e) => {
    const loc = `${base}${e.path}`
    const alternates = langs.map(
      // ADR 0006: English at the plain URL, every other language at ?lang=<code>.
      (l) =>
        `    <xhtml:link rel="alternate" hreflang="${l}" href="${escapeXml(l === 'en' ? loc : `${loc}?lang=${l}`)}"/>`,
    )
    alternates.push(`    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(loc)}"/>`)
    const lastmod = e.lastmod ? `\n    <lastmod>${e.lastmod}</lastmod>` : ''
    return `  <url>\n    <loc>${escapeXml(loc)}</loc>${lastmod}\n${alternates.join('\n')}\n  </url>`
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
