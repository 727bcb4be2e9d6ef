import type { Insertable } from 'kysely'
import type { Database } from '../../apps/server/src/platform/db/schema.ts'
import { categories } from './categories.ts'
import { coupons, itemFees, shippingZones } from './commerce.ts'
import { media } from './media.ts'
import { products } from './products.ts'
import { sites } from './sites.ts'
import type { Currency, DemoColour, DemoProduct, Money } from './types.ts'

type Rows<T extends keyof Database> = Insertable<Database[T]>[]

export interface DemoRows {
  sites: Rows<'sites'>
  categories: Rows<'categories'>
  category_texts: Rows<'category_texts'>
  products: Rows<'products'>
  product_texts: Rows<'product_texts'>
  variants: Rows<'variants'>
  variant_texts: Rows<'variant_texts'>
  category_assignments: Rows<'category_assignments'>
  prices: Rows<'prices'>
  item_fees: Rows<'item_fees'>
  coupons: Rows<'coupons'>
  shipping_zones: Rows<'shipping_zones'>
  shipping_methods: Rows<'shipping_methods'>
}

const EPOCH = Date.UTC(2025, 0, 6, 9, 0, 0)
const RATES: Record<Currency, number> = { USD: 1, EUR: 0.93, CAD: 1.37 }
const currencies = Object.keys(RATES) as Currency[]

/** Shop-style prices: whole amounts minus one cent (24.99), or tens of cents minus one below 10.00. */
export function charm(minor: number): number {
  if (minor >= 1000) return Math.max(Math.round(minor / 100) * 100 - 1, 99)
  return Math.max(Math.round(minor / 10) * 10 - 1, 9)
}

export function localPrices(usdMinor: number): Money {
  return { USD: usdMinor, EUR: charm(usdMinor * RATES.EUR), CAD: charm(usdMinor * RATES.CAD) }
}

export const productId = (p: DemoProduct) => `p-${p.slug}`
const slugify = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
export const variantId = (p: DemoProduct, c: DemoColour, size: string) =>
  `v-${p.slug}-${c.key}-${slugify(size)}`

interface VariantSpec {
  id: string
  colour: DemoColour
  size: string
  stock: number
  usd: number
}

/** The existing colour × size combinations of a variant product, in colour-major order. */
export function variantsOf(p: DemoProduct): VariantSpec[] {
  const v = p.variants
  if (!v) return []
  const out: VariantSpec[] = []
  for (const colour of v.colours) {
    for (const size of v.sizes) {
      const combo = `${colour.key}-${size}`
      if (v.missing?.includes(combo)) continue
      const n = out.length
      const stock = v.soldOut?.includes(combo) ? 0 : ((n * 7 + p.day) % 17) + 2
      const usd = p.usd + (v.sizeSurcharge?.[size] ?? 0) + (v.colourSurcharge?.[colour.key] ?? 0)
      out.push({ id: variantId(p, colour, size), colour, size, stock, usd })
    }
  }
  return out
}

function priceRows(p: DemoProduct, usd: number, variant: string | null, idStem: string): Rows<'prices'> {
  const original = usd === p.usd && p.prices ? p.prices : localPrices(usd)
  return currencies.map((currency) => {
    const originalMinor = original[currency]
    const effectiveMinor = p.salePercent
      ? Math.min(charm((originalMinor * (100 - p.salePercent)) / 100), originalMinor - 1)
      : originalMinor
    return {
      id: `pr-${idStem}-${currency.toLowerCase()}`,
      product_id: productId(p),
      variant_id: variant,
      currency,
      effective_minor: effectiveMinor,
      original_minor: originalMinor,
      unit_code: p.unit?.code ?? null,
      unit_quantity: p.unit?.quantity ?? null,
      valid_from: null,
      valid_until: null,
    }
  })
}

function specification(p: DemoProduct): Record<string, unknown> {
  return p.spec ? { specification: p.spec } : {}
}

function createdAt(p: DemoProduct): string {
  const minutes = (p.sku.charCodeAt(3) * 37 + p.day * 13) % 600
  return new Date(EPOCH + p.day * 86_400_000 + minutes * 60_000).toISOString()
}

/** Every row of the demo catalogue, deterministic: the same input always gives the same rows. */
export function buildDemoRows(): DemoRows {
  const rows: DemoRows = {
    sites: [],
    categories: [],
    category_texts: [],
    products: [],
    product_texts: [],
    variants: [],
    variant_texts: [],
    category_assignments: [],
    prices: [],
    item_fees: [],
    coupons: [],
    shipping_zones: [],
    shipping_methods: [],
  }

  for (const site of sites) {
    const siteContentDetails: Record<string, unknown> = {
      topImages: site.slides.map((slide) => ({
        large: { imageUrl: media.slide(site.code, slide.key, 'large') },
        small: { imageUrl: media.slide(site.code, slide.key, 'small') },
        alt: { en: slide.headline.en, de: slide.headline.de },
        link: slide.link,
      })),
    }
    for (const banner of site.banners) {
      siteContentDetails[banner.key] = { imageUrl: media.banner(site.code, banner.key), link: banner.link }
    }
    rows.sites.push({
      code: site.code,
      name: site.name,
      position: site.position,
      is_default: site.isDefault ? 1 : 0,
      active: 1,
      default_language: site.languages[0]!,
      languages: JSON.stringify(site.languages),
      currency: site.currency,
      tax: JSON.stringify(site.tax),
      payment: JSON.stringify({ id: 'test-card', publicKey: 'pk_test_shop' }),
      mixins: JSON.stringify({
        storeLogoImageKey: media.logo,
        storeIconImageKey: media.icon,
        siteContentDetails,
      }),
    })
  }

  categories.forEach((category, position) => {
    const first = products.find((p) => p.emoji && p.categories.includes(category.id))
    const firstImage =
      first && (first.variants ? media.variant(first, first.variants.colours[0]!) : media.product(first))
    rows.categories.push({
      id: category.id,
      parent_id: category.parentId,
      position,
      published: 1,
      media: JSON.stringify(firstImage ? [{ id: `m-${category.id}`, url: firstImage }] : []),
    })
    for (const language of ['en', 'de'] as const) {
      rows.category_texts.push({ category_id: category.id, language, name: category.name[language] })
    }
  })

  const positions = new Map<string, number>()
  for (const p of products) {
    const id = productId(p)
    const variants = variantsOf(p)
    const mainImage = p.emoji
      ? p.variants
        ? [{ id: `m-${p.slug}`, url: media.variant(p, p.variants.colours[0]!) }]
        : [{ id: `m-${p.slug}`, url: media.product(p) }]
      : []
    rows.products.push({
      id,
      code: p.sku,
      published: 1,
      has_variants: variants.length ? 1 : 0,
      stock: variants.length ? variants.reduce((sum, v) => sum + v.stock, 0) : p.stock,
      tax_code: p.taxCode ?? 'standard',
      media: JSON.stringify(mainImage),
      mixins: JSON.stringify(specification(p)),
      created_at: createdAt(p),
    })
    for (const language of ['en', 'de'] as const) {
      rows.product_texts.push({
        product_id: id,
        language,
        name: p.name[language],
        description: p.description[language],
      })
    }
    for (const categoryId of p.categories) {
      const position = positions.get(categoryId) ?? 0
      positions.set(categoryId, position + 1)
      rows.category_assignments.push({ category_id: categoryId, product_id: id, position })
    }
    if (!variants.length) rows.prices.push(...priceRows(p, p.usd, null, p.slug))
    variants.forEach((v, position) => {
      rows.variants.push({
        id: v.id,
        product_id: id,
        code: `${p.sku}-${v.colour.key}-${slugify(v.size)}`.toUpperCase(),
        position,
        is_default: position === 0 ? 1 : 0,
        options: JSON.stringify({ colour: { name: v.colour.name.en }, size: { value: v.size } }),
        stock: v.stock,
        media: JSON.stringify(p.emoji ? [{ id: `m-${v.id}`, url: media.variant(p, v.colour) }] : []),
        mixins: '{}',
      })
      for (const language of ['en', 'de'] as const) {
        rows.variant_texts.push({
          variant_id: v.id,
          language,
          name: `${v.colour.name[language]} / ${v.size}`,
        })
      }
      rows.prices.push(...priceRows(p, v.usd, v.id, v.id.slice(2)))
    })
  }

  for (const fee of itemFees) {
    for (const slug of fee.products) {
      for (const site of sites) {
        rows.item_fees.push({
          id: `f-${fee.key}-${slug}-${site.code}`,
          product_id: `p-${slug}`,
          site_code: site.code,
          name: fee.name[site.code],
          fee_type: fee.feeType,
          amount_minor: fee.amountMinor[site.code],
          currency: site.currency,
        })
      }
    }
  }

  for (const c of coupons) {
    rows.coupons.push({
      code: c.code,
      name: c.name,
      discount_type: c.discountType,
      amount_minor: c.amountMinor ?? null,
      currency: c.currency ?? null,
      percentage: c.percentage ?? null,
      valid_from: c.validFrom ?? null,
      valid_until: c.validUntil ?? null,
      min_order_minor: c.minOrderMinor ?? null,
      max_redemptions: c.maxRedemptions ?? null,
      redemptions: c.redemptions ?? 0,
      customers_only: c.customersOnly ? 1 : 0,
    })
  }

  shippingZones.forEach((zone, position) => {
    rows.shipping_zones.push({
      id: zone.id,
      site_code: zone.site,
      name: zone.name,
      ship_to: JSON.stringify(zone.shipTo),
      position,
    })
    zone.methods.forEach((method, methodPosition) => {
      rows.shipping_methods.push({
        id: `sm-${zone.id.slice(2)}-${method.key}`,
        zone_id: zone.id,
        name: method.name,
        active: 1,
        currency: zone.currency,
        fees: JSON.stringify(method.fees),
        position: methodPosition,
      })
    })
  })

  return rows
}
