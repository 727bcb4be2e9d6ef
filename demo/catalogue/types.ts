/** Typed shapes of the demo catalogue. Money is integer minor units; texts are English and German. */

export type Currency = 'USD' | 'EUR' | 'CAD'
export type SiteCode = 'us' | 'de' | 'ca'

export interface Localized {
  en: string
  de: string
}

/** One amount per demo currency, in minor units. */
export type Money = Record<Currency, number>

export interface DemoSlide {
  /** File stem under /media/slides: `<site>-<key>-large.webp` and `<site>-<key>-small.webp`. */
  key: string
  headline: Localized
  subline: Localized
  /** Fluent emoji asset names (without .webp) shown on the slide. */
  emojis: string[]
  /** Two gradient stops of the slide background. */
  colors: [string, string]
  link: string
}

export interface DemoBanner {
  key: 'banner1' | 'banner2'
  headline: Localized
  emoji: string
  colors: [string, string]
  link: string
}

export interface DemoSite {
  code: SiteCode
  name: string
  position: number
  isDefault: boolean
  languages: string[]
  currency: Currency
  tax: { id: string; label: string; rate: number; included: boolean }
  /** The language the slide and banner texts are rendered in. */
  imageLanguage: keyof Localized
  slides: DemoSlide[]
  /** Empty for a site without banners (its home page redirects to all products). */
  banners: DemoBanner[]
}

export interface DemoCategory {
  id: string
  parentId: string | null
  name: Localized
}

/** A colour option; the image script recolours the emoji towards `hex` (hue, chroma and lightness in LCh). */
export interface DemoColour {
  key: string
  name: Localized
  hex: string
}

export interface DemoVariants {
  colours: DemoColour[]
  sizes: string[]
  /** `<colour>-<size>` combinations that do not exist. */
  missing?: string[]
  /** `<colour>-<size>` combinations with stock 0. */
  soldOut?: string[]
  /** Extra price per size in USD minor units (other currencies follow the same conversion). */
  sizeSurcharge?: Record<string, number>
  /** Extra price per colour in USD minor units. */
  colourSurcharge?: Record<string, number>
}

export type SpecValue = string | Localized

export interface DemoProduct {
  /** Id is `p-<slug>`; image files are named after it. */
  slug: string
  sku: string
  categories: string[]
  name: Localized
  description: Localized
  /** Fluent emoji asset name (file name without .webp), or null for a product without image. */
  emoji: string | null
  /** Soft background colour of the product image. */
  background?: string
  /** Price in USD minor units; EUR and CAD are derived unless `prices` is given. */
  usd: number
  prices?: Money
  /** Percent off for a sale (effective below original). */
  salePercent?: number
  stock: number
  /** Days after the catalogue epoch (2025-01-06); larger is newer. */
  day: number
  spec?: Record<string, SpecValue>
  unit?: { code: 'kg' | 'l'; quantity: number }
  taxCode?: string
  variants?: DemoVariants
}
