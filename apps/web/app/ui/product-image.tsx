import type { Media } from '@shop/contracts/catalogue'
import { directoryMediaSrcSet, mediaFallbackSrc, mediaSrcSet } from '@shop/contracts/media'

/** Main image: the first committed medium (behaviour notes), else a neutral placeholder. */
export function mainImageUrl(media: Media[] | undefined): string | undefined {
  return media?.find((m) => !m.uncommittedMedia)?.url
}

export function ProductImage({
  url,
  alt,
  placeholderLabel,
  sizes,
  eager,
  priority,
}: {
  url: string | null | undefined
  alt: string
  placeholderLabel: string
  sizes?: string
  eager?: boolean
  /** The page's likely largest image (its LCP): fetched before the other images and scripts. */
  priority?: boolean
}) {
  if (!url) {
    return (
      <div className="product-image product-image--placeholder" role="img" aria-label={placeholderLabel}>
        <svg viewBox="0 0 24 24" aria-hidden="true" width="48" height="48">
          <path
            fill="currentColor"
            d="M21 5v14H3V5h18m0-2H3a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h18a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2Zm-7.5 8.5L11 15l-2-2.5L6 17h12l-4.5-5.5Z"
          />
        </svg>
      </div>
    )
  }
  // An uploaded image (docs/decisions/0047): AVIF where the browser takes it, else WebP, each in every width.
  // One of the media directory's (the demo catalogue's) in the widths the server narrows it to (0074).
  const avif = mediaSrcSet(url, 'avif')
  const img = (
    <img
      src={mediaFallbackSrc(url)}
      srcSet={avif ? mediaSrcSet(url, 'webp') : directoryMediaSrcSet(url)}
      alt={alt}
      sizes={sizes}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? undefined : 'async'}
      width={512}
      height={512}
    />
  )
  return (
    <div className="product-image">
      {avif ? (
        <picture>
          <source type="image/avif" srcSet={avif} sizes={sizes} />
          {img}
        </picture>
      ) : (
        img
      )}
    </div>
  )
}
