import type { MetaDescriptor } from 'react-router'
import { type Language, type Translate, translator } from '../i18n/index.ts'
import { type ShopData, shopName } from './shop.ts'

type Matches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>

/** The root loader's data, for meta functions (which cannot use hooks). */
export function rootData(matches: Matches): ShopData | undefined {
  return matches.find((m) => m?.id === 'root')?.loaderData as ShopData | undefined
}

/** The translator for meta functions: reads the root loader's language. */
export function metaT(matches: Matches): Translate {
  const root = rootData(matches) as { language?: Language } | undefined
  return translator(root?.language ?? 'en')
}

/** A page's document title: the page's own, then the shop's name (the current site's, see shopName). */
export function pageTitle(matches: Matches, title: string): string {
  return `${title} | ${shopName(rootData(matches))}`
}

/** ADR 0006: English lives at the plain URL, every other language at `?lang=<code>`. */
export function languageUrl(origin: string, path: string, language: string): string {
  return `${origin}${path}${language === 'en' ? '' : `?lang=${language}`}`
}

/**
 * Canonical URL, hreflang alternates (one per site language, plus x-default) and Open Graph tags of an
 * indexable page. `paths` names the page's path in other languages where it differs (a category or product
 * whose name, and so slug, differs by language), so that every alternate is the final URL, not a redirect; a
 * language not in it uses `paths.en`, else `path`.
 */
export function seoMeta(
  root: ShopData | undefined,
  page: {
    path: string
    paths?: Record<string, string>
    title: string
    description: string
    type: 'website' | 'product'
    image?: string
  },
): MetaDescriptor[] {
  if (!root) return []
  const { origin, language } = root
  const languages = root.site.languages.includes('en') ? root.site.languages : ['en', ...root.site.languages]
  const canonical = languageUrl(origin, page.path, language)
  const pathIn = (l: string) =>
    l === language ? page.path : (page.paths?.[l] ?? page.paths?.en ?? page.path)
  return [
    { tagName: 'link', rel: 'canonical', href: canonical },
    ...languages.map((l) => ({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: l,
      href: languageUrl(origin, pathIn(l), l),
    })),
    {
      tagName: 'link',
      rel: 'alternate',
      hrefLang: 'x-default',
      href: languageUrl(origin, pathIn('en'), 'en'),
    },
    { property: 'og:type', content: page.type },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: canonical },
    { property: 'og:site_name', content: shopName(root) },
    { property: 'og:locale', content: language === 'de' ? 'de_DE' : 'en_US' },
    ...(page.image
      ? [
          {
            property: 'og:image',
            content: page.image.startsWith('/') ? `${origin}${page.image}` : page.image,
          },
        ]
      : []),
  ]
}
