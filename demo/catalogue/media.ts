import type { DemoColour, DemoProduct, SiteCode } from './types.ts'

/** URL paths under /media (served from demo/images) shared by the image script and the seed. */
export const media = {
  product: (p: DemoProduct) => `/media/products/${p.slug}.webp`,
  variant: (p: DemoProduct, c: DemoColour) => `/media/products/${p.slug}-${c.key}.webp`,
  slide: (site: SiteCode, key: string, size: 'large' | 'small') =>
    `/media/slides/${site}-${key}-${size}.webp`,
  banner: (site: SiteCode, key: string) => `/media/banners/${site}-${key}.webp`,
  logo: '/media/brand/logo.webp',
  icon: '/media/brand/icon.webp',
}

/** The file on disk behind a /media URL, relative to demo/images. */
export const mediaFile = (url: string) => url.replace(/^\/media\//, '')
