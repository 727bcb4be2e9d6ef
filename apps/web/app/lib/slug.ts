import { localizedPaths, slugify } from '@shop/contracts/slug'

export { localizedPaths, slugify }

/** `/c/<slug>~<id>`; the id alone identifies the category, the slug is for people and search engines. */
export function categorySegment(category: { id: string; name: string; slug?: string }): string {
  return `${category.slug || slugify(category.name)}~${encodeURIComponent(category.id)}`
}

export function categoryPath(category: { id: string; name: string; slug?: string }): string {
  return `/c/${categorySegment(category)}`
}

export function productSegment(product: { id: string; name: string }): string {
  return `${slugify(product.name)}~${encodeURIComponent(product.id)}`
}

export function productPath(product: { id: string; name: string }): string {
  return `/p/${productSegment(product)}`
}

/** True when a route param (decoded) names the same segment as the canonical one (encoded). */
export function isCanonicalSegment(param: string | undefined, canonical: string): boolean {
  return param === canonical || param === decodeURIComponent(canonical)
}

/** The id after the last `~` of a URL segment, or undefined. */
export function idFromSegment(segment: string | undefined): string | undefined {
  if (!segment) return undefined
  const index = segment.lastIndexOf('~')
  return index >= 0 ? decodeURIComponent(segment.slice(index + 1)) || undefined : undefined
}

export const ALL_PRODUCTS_PATH = '/c/all'
