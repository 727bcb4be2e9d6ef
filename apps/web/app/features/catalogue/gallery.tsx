import { mediaThumbSrc } from '@shop/contracts/media'
import { useEffect, useRef, useState } from 'react'
import { useT } from '../../lib/shop.ts'
import { ProductImage } from '../../ui/product-image.tsx'

/** Main image plus thumbnails; arrow keys, Home and End move between thumbnails (roving focus). */
export function Gallery({
  images,
  alt,
  alts = [],
}: {
  images: string[]
  alt: string
  /** Each image's own alt text (uploaded images); the product's name where there is none. */
  alts?: Array<string | undefined>
}) {
  const t = useT()
  const [index, setIndex] = useState(0)
  const thumbs = useRef<Array<HTMLButtonElement | null>>([])
  const key = images.join('|')
  // biome-ignore lint/correctness/useExhaustiveDependencies: other images (a new variant) start at the first
  useEffect(() => setIndex(0), [key])
  const current = Math.min(index, Math.max(images.length - 1, 0))
  function move(to: number) {
    const next = (to + images.length) % images.length
    setIndex(next)
    thumbs.current[next]?.focus()
  }
  return (
    <div className="gallery">
      <ProductImage
        url={images[current]}
        alt={alts[current] || alt}
        placeholderLabel={t('PRODUCT_IMAGE_PLACEHOLDER')}
        sizes="(min-width: 1280px) 600px, (min-width: 768px) 50vw, 100vw"
        priority
      />
      {images.length > 1 ? (
        // biome-ignore lint/a11y/useSemanticElements: a labelled group of thumbnail buttons
        <div className="gallery__thumbs" role="group" aria-label={t('PRODUCT_IMAGES')}>
          {images.map((url, i) => (
            <button
              key={url}
              ref={(node) => {
                thumbs.current[i] = node
              }}
              type="button"
              className="gallery__thumb"
              aria-label={t('SHOW_IMAGE', { n: i + 1, total: images.length })}
              aria-pressed={i === current}
              tabIndex={i === current ? 0 : -1}
              onClick={() => setIndex(i)}
              onKeyDown={(event) => {
                const to = {
                  ArrowRight: i + 1,
                  ArrowDown: i + 1,
                  ArrowLeft: i - 1,
                  ArrowUp: i - 1,
                  Home: 0,
                  End: images.length - 1,
                }[event.key]
                if (to === undefined) return
                event.preventDefault()
                move(to)
              }}
            >
              <img src={mediaThumbSrc(url)} alt="" width={72} height={72} loading="lazy" />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  )
}
