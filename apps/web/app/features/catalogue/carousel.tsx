import { mediaFallbackSrc, mediaSrcSet } from '@shop/contracts/media'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { useT } from '../../lib/shop.ts'

export interface Slide {
  large: string
  small: string
  alt: string
  link?: string
}

const INTERVAL_MS = 5000 // spec §9

/** Home carousel: large/small image per viewport, auto-advance every 5 s with pause, prev and next. */
export function Carousel({ slides }: { slides: Slide[] }) {
  const t = useT()
  const [index, setIndex] = useState(0)
  const [playing, setPlaying] = useState(true)
  // APG carousel: rotation also rests while the pointer or keyboard focus is inside it.
  const [resting, setResting] = useState(false)
  const count = slides.length
  useEffect(() => {
    if (!playing || resting || count < 2) return
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), INTERVAL_MS)
    return () => window.clearInterval(timer)
  }, [playing, resting, count])
  if (count === 0) return null
  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={t('CAROUSEL')}
      onMouseEnter={() => setResting(true)}
      onMouseLeave={() => setResting(false)}
      onFocus={() => setResting(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setResting(false)
      }}
    >
      <div className="carousel__viewport" aria-live={playing ? 'off' : 'polite'}>
        {slides.map((slide, i) => {
          const picture = <SlidePicture slide={slide} eager={i === 0} />
          return (
            // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern marks each slide as a group
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: slides have no id and never reorder
              key={i}
              className="carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={t('SLIDE_OF', { n: i + 1, total: count })}
              hidden={i !== index}
            >
              {slide.link ? <BannerLink to={slide.link}>{picture}</BannerLink> : picture}
            </div>
          )
        })}
      </div>
      {count > 1 ? (
        <div className="carousel__controls">
          <button
            type="button"
            className="button button--icon"
            aria-label={t('PREVIOUS_SLIDE')}
            onClick={() => setIndex((i) => (i - 1 + count) % count)}
          >
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24">
              <path fill="currentColor" d="M15.4 7.4 14 6l-6 6 6 6 1.4-1.4-4.6-4.6z" />
            </svg>
          </button>
          <button
            type="button"
            className="button button--icon"
            aria-label={playing ? t('PAUSE_CAROUSEL') : t('PLAY_CAROUSEL')}
            onClick={() => setPlaying((p) => !p)}
          >
            {playing ? (
              <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24">
                <path fill="currentColor" d="M6 5h4v14H6zm8 0h4v14h-4z" />
              </svg>
            ) : (
              <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24">
                <path fill="currentColor" d="M8 5v14l11-7z" />
              </svg>
            )}
          </button>
          <button
            type="button"
            className="button button--icon"
            aria-label={t('NEXT_SLIDE')}
            onClick={() => setIndex((i) => (i + 1) % count)}
          >
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24">
              <path fill="currentColor" d="M8.6 16.6 10 18l6-6-6-6-1.4 1.4 4.6 4.6z" />
            </svg>
          </button>
          <span className="carousel__status" aria-hidden="true">
            {index + 1} / {count}
          </span>
        </div>
      ) : null}
    </section>
  )
}

/** Behaviour notes: internal links open in the same tab, external ones in a new tab. */
export function BannerLink({
  to,
  children,
  label,
}: {
  to: string
  children: React.ReactNode
  label?: string
}) {
  if (/^https?:\/\//.test(to)) {
    return (
      <a href={to} target="_blank" rel="noopener noreferrer" aria-label={label}>
        {children}
      </a>
    )
  }
  return (
    <Link to={to.startsWith('/') ? to : '/'} aria-label={label}>
      {children}
    </Link>
  )
}

const LARGE = '(min-width: 768px)'
/** The large image spans the page's container (1200 px at most), the small one the phone's width. */
const LARGE_SIZES = '(min-width: 1200px) 1200px, 100vw'

/**
 * A slide's large image from 768 px up, its small one below. An uploaded image (docs/decisions/0047) comes in
 * every width, AVIF where the browser takes it and else WebP; any other address as it is.
 */
function SlidePicture({ slide, eager }: { slide: Slide; eager: boolean }) {
  const sources = (url: string, media: string | undefined, sizes: string) =>
    (['avif', 'webp'] as const).map((format) => {
      const srcSet = mediaSrcSet(url, format)
      return srcSet ? (
        <source key={format} media={media} type={`image/${format}`} srcSet={srcSet} sizes={sizes} />
      ) : null
    })
  const largeUploaded = mediaSrcSet(slide.large, 'webp') !== undefined
  return (
    <picture>
      {largeUploaded ? (
        sources(slide.large, LARGE, LARGE_SIZES)
      ) : (
        <source media={LARGE} srcSet={slide.large} width={1600} height={640} />
      )}
      {sources(slide.small, undefined, '100vw')}
      <img
        src={mediaFallbackSrc(slide.small)}
        alt={slide.alt}
        width={800}
        height={800}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
      />
    </picture>
  )
}
