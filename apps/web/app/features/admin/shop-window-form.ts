import type {
  ShopWindow,
  ShopWindowInput,
  WindowBanner,
  WindowSlide,
} from '@shop/contracts/backoffice-window'
import type { FieldErrors } from './product-form.ts'

/**
 * The shop-window form's fields (`slide-0-large`, `slide-0-alt-de`, `banner1-link`, …, numbered in the order
 * shown) to the API's input and the API's 400 details back to those fields. Pure: the route's action and tests.
 */
export type WindowValues = Pick<ShopWindow, 'slides' | 'banner1' | 'banner2'>

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim()

function altOf(form: FormData, prefix: string, languages: string[]): Record<string, string> {
  const alt: Record<string, string> = {}
  for (const language of languages) {
    const value = text(form, `${prefix}-alt-${language}`)
    if (value) alt[language] = value
  }
  return alt
}

function bannerOf(form: FormData, key: 'banner1' | 'banner2', languages: string[]): WindowBanner | null {
  const imageUrl = text(form, `${key}-imageUrl`)
  const link = text(form, `${key}-link`)
  const alt = altOf(form, key, languages)
  // An empty image is no banner (its other fields are dropped with it).
  if (!imageUrl) return null
  return { imageUrl, alt, link: link || null }
}

export function readWindowForm(form: FormData, languages: string[]): ShopWindowInput {
  const count = Math.min(50, Math.max(0, Number.parseInt(text(form, 'slide-count'), 10) || 0))
  const slides: WindowSlide[] = []
  for (let i = 0; i < count; i++) {
    const p = `slide-${i}`
    slides.push({
      large: text(form, `${p}-large`),
      small: text(form, `${p}-small`),
      alt: altOf(form, p, languages),
      link: text(form, `${p}-link`) || null,
    })
  }
  return {
    slides,
    banner1: bannerOf(form, 'banner1', languages),
    banner2: bannerOf(form, 'banner2', languages),
  }
}

/** `body.slides.1.link` → `slide-1-link`, `body.banner2.imageUrl` → `banner2-imageUrl`. */
export function errorsFromWindowApi(details: ReadonlyArray<{ field?: string | undefined }>): FieldErrors {
  const errors: FieldErrors = {}
  for (const { field = '' } of details) {
    const slide = /^body\.slides\.(\d+)\.(large|small|link)$/.exec(field)
    const banner = /^body\.(banner[12])\.(imageUrl|link)$/.exec(field)
    const alt = /^body\.(?:slides\.(\d+)|(banner[12]))\.alt\.(\w+)$/.exec(field)
    if (slide) errors[`slide-${slide[1]}-${slide[2]}`] = { key: 'ADDRESS_INVALID' }
    else if (banner) errors[`${banner[1]}-${banner[2]}`] = { key: 'ADDRESS_INVALID' }
    else if (alt)
      errors[`${alt[1] !== undefined ? `slide-${alt[1]}` : alt[2]}-alt-${alt[3]}`] = { key: 'INVALID_FORM' }
    else errors.form = { key: 'INVALID_FORM' }
  }
  return errors
}
