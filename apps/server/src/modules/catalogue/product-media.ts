import type { Media } from '@shop/contracts/catalogue'

/**
 * An image as products.media (and variants.media) stores it: the demo's `{ id, url }`, or an uploaded image's
 * id, URL, widths and size with its alt text per language (docs/decisions/0047-uploaded-images.md).
 */
export interface StoredMedia {
  id: string
  url: string
  uncommittedMedia?: boolean
  widths?: number[]
  width?: number
  height?: number
  alts?: Record<string, string>
}

export function parseStoredMedia(text: string | null | undefined): StoredMedia[] {
  try {
    const value = JSON.parse(text ?? '[]') as unknown
    return Array.isArray(value) ? (value as StoredMedia[]) : []
  } catch {
    return []
  }
}

/** The shopper's view: the alt text in the answer's language (else English), no other language's. */
export function localizedMedia(text: string | null | undefined, language: string): Media[] {
  return parseStoredMedia(text).map(({ alts, ...media }) => {
    const alt = alts?.[language] || alts?.en
    return alt ? { ...media, alt } : media
  })
}
