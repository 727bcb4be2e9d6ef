import { invalidate } from '../cache/versions.ts'
import type { Db } from '../db/database.ts'

/** Small builders for test data; each fills what a test does not care about with plain defaults. */
let counter = 0
const next = (prefix: string) => `${prefix}${++counter}`
const now = () => new Date().toISOString()

export async function insertSite(
  db: Db,
  site: {
    code?: string
    currency?: string
    languages?: string[]
    taxRate?: number
    taxIncluded?: boolean
  } = {},
) {
  const code = site.code ?? next('site')
  const languages = site.languages ?? ['en']
  await db
    .insertInto('sites')
    .values({
      code,
      name: code.toUpperCase(),
      default_language: languages[0] ?? 'en',
      languages: JSON.stringify(languages),
      currency: site.currency ?? 'USD',
      tax: JSON.stringify({
        id: 'FLATRATE',
        label: 'Sales tax',
        rate: site.taxRate ?? 0,
        included: site.taxIncluded ?? false,
      }),
      payment: JSON.stringify({ id: 'test-card', publicKey: 'pk_test_shop' }),
      mixins: JSON.stringify({}),
    })
    .execute()
  await invalidate(db, 'catalogue')
  await invalidate(db, 'settings')
  return code
}

export async function insertCategory(
  db: Db,
  c: { id?: string; name?: string; parentId?: string | null } = {},
) {
  const id = c.id ?? next('cat')
  await db
    .insertInto('categories')
    .values({ id, parent_id: c.parentId ?? null })
    .execute()
  await db
    .insertInto('category_texts')
    .values({ category_id: id, language: 'en', name: c.name ?? `Category ${id}` })
    .execute()
  await invalidate(db, 'catalogue')
  return id
}

export interface ProductFixture {
  id?: string
  name?: string
  stock?: number
  /** Prices in minor units by currency: effective, and original when on sale. */
  prices?: Record<string, { effective: number; original?: number }>
  categoryIds?: string[]
  variants?: Array<{
    id?: string
    options: Record<string, string>
    stock?: number
    prices?: Record<string, number>
  }>
}

export async function insertProduct(db: Db, p: ProductFixture = {}) {
  const id = p.id ?? next('prod')
  const hasVariants = (p.variants?.length ?? 0) > 0
  await db
    .insertInto('products')
    .values({
      id,
      code: `SKU-${id}`,
      stock: p.stock ?? 10,
      has_variants: hasVariants ? 1 : 0,
      created_at: now(),
    })
    .execute()
  await db
    .insertInto('product_texts')
    .values({ product_id: id, language: 'en', name: p.name ?? `Product ${id}`, description: 'A product.' })
    .execute()
  for (const [currency, price] of Object.entries(p.prices ?? { USD: { effective: 1000 } })) {
    await db
      .insertInto('prices')
      .values({
        id: next('price'),
        product_id: id,
        variant_id: null,
        currency,
        effective_minor: price.effective,
        original_minor: price.original ?? price.effective,
        unit_code: null,
        unit_quantity: null,
        valid_from: null,
        valid_until: null,
      })
      .execute()
  }
  for (const [position, v] of (p.variants ?? []).entries()) {
    const variantId = v.id ?? next('var')
    const options = Object.fromEntries(Object.entries(v.options).map(([key, value]) => [key, { value }]))
    await db
      .insertInto('variants')
      .values({
        id: variantId,
        product_id: id,
        code: `SKU-${variantId}`,
        position,
        is_default: position === 0 ? 1 : 0,
        options: JSON.stringify(options),
        stock: v.stock ?? 10,
      })
      .execute()
    await db
      .insertInto('variant_texts')
      .values({
        variant_id: variantId,
        language: 'en',
        name: `${p.name ?? id} ${Object.values(v.options).join(' ')}`,
      })
      .execute()
    for (const [currency, effective] of Object.entries(v.prices ?? {})) {
      await db
        .insertInto('prices')
        .values({
          id: next('price'),
          product_id: id,
          variant_id: variantId,
          currency,
          effective_minor: effective,
          original_minor: effective,
          unit_code: null,
          unit_quantity: null,
          valid_from: null,
          valid_until: null,
        })
        .execute()
    }
  }
  for (const categoryId of p.categoryIds ?? []) {
    await db.insertInto('category_assignments').values({ category_id: categoryId, product_id: id }).execute()
  }
  await invalidate(db, 'catalogue')
  return id
}

/** A translated product name (catalogue tests). */
export async function insertProductText(
  db: Db,
  productId: string,
  language: string,
  name: string,
  description = '',
) {
  await db
    .insertInto('product_texts')
    .values({ product_id: productId, language, name, description })
    .execute()
  await invalidate(db, 'catalogue')
}

/** A translated category name (catalogue tests). */
export async function insertCategoryText(db: Db, categoryId: string, language: string, name: string) {
  await db.insertInto('category_texts').values({ category_id: categoryId, language, name }).execute()
  await invalidate(db, 'catalogue')
}

/** One extra price row, e.g. a variant sale or a price valid only in a window (price tests). */
export async function insertPrice(
  db: Db,
  p: {
    productId: string
    variantId?: string | null
    currency?: string
    effective: number
    original?: number
    unitCode?: string
    unitQuantity?: number
    validFrom?: string
    validUntil?: string
  },
) {
  const id = next('price')
  await db
    .insertInto('prices')
    .values({
      id,
      product_id: p.productId,
      variant_id: p.variantId ?? null,
      currency: p.currency ?? 'USD',
      effective_minor: p.effective,
      original_minor: p.original ?? p.effective,
      unit_code: p.unitCode ?? null,
      unit_quantity: p.unitQuantity ?? null,
      valid_from: p.validFrom ?? null,
      valid_until: p.validUntil ?? null,
    })
    .execute()
  await invalidate(db, 'catalogue')
  return id
}

/** A shipping zone of a site with its methods; fees are tiers in minor units, ascending. */
export async function insertShippingZone(
  db: Db,
  z: {
    siteCode: string
    id?: string
    shipTo?: string[]
    methods?: Array<{
      id?: string
      name?: string
      active?: boolean
      currency?: string
      fees?: Array<{ minOrderMinor: number; feeMinor: number }>
    }>
  },
) {
  const id = z.id ?? next('zone')
  await db
    .insertInto('shipping_zones')
    .values({
      id,
      site_code: z.siteCode,
      name: `Zone ${id}`,
      ship_to: JSON.stringify(z.shipTo ?? ['US', 'CA']),
    })
    .execute()
  const methodIds: string[] = []
  for (const [position, m] of (z.methods ?? [{}]).entries()) {
    const methodId = m.id ?? next('ship')
    methodIds.push(methodId)
    await db
      .insertInto('shipping_methods')
      .values({
        id: methodId,
        zone_id: id,
        name: m.name ?? `Method ${methodId}`,
        active: m.active === false ? 0 : 1,
        currency: m.currency ?? 'USD',
        fees: JSON.stringify(
          m.fees ?? [
            { minOrderMinor: 0, feeMinor: 599 },
            { minOrderMinor: 7500, feeMinor: 0 },
          ],
        ),
        position,
      })
      .execute()
  }
  await invalidate(db, 'settings')
  return { zoneId: id, methodIds }
}

export async function insertItemFee(
  db: Db,
  f: { productId: string; siteCode: string; type?: string; amountMinor: number; currency?: string },
) {
  const id = next('fee')
  await db
    .insertInto('item_fees')
    .values({
      id,
      product_id: f.productId,
      site_code: f.siteCode,
      name: `Fee ${id}`,
      fee_type: f.type ?? 'ABSOLUTE',
      amount_minor: f.amountMinor,
      currency: f.currency ?? 'USD',
    })
    .execute()
  await invalidate(db, 'settings')
  return id
}

/** A coupon (issue 4); ABSOLUTE in USD by default. */
export async function insertCoupon(
  db: Db,
  c: {
    code?: string
    discountType?: 'ABSOLUTE' | 'PERCENT'
    amountMinor?: number
    currency?: string | null
    percentage?: number
    validFrom?: string
    validUntil?: string
    minOrderMinor?: number
    maxRedemptions?: number
    redemptions?: number
    customersOnly?: boolean
  } = {},
) {
  const code = c.code ?? next('COUPON')
  const percent = c.discountType === 'PERCENT'
  await db
    .insertInto('coupons')
    .values({
      code,
      name: `Coupon ${code}`,
      discount_type: c.discountType ?? 'ABSOLUTE',
      amount_minor: percent ? null : (c.amountMinor ?? 1000),
      currency: c.currency === undefined ? (percent ? null : 'USD') : c.currency,
      percentage: percent ? (c.percentage ?? 10) : null,
      valid_from: c.validFrom ?? null,
      valid_until: c.validUntil ?? null,
      min_order_minor: c.minOrderMinor ?? null,
      max_redemptions: c.maxRedemptions ?? null,
      redemptions: c.redemptions ?? 0,
      customers_only: c.customersOnly ? 1 : 0,
    })
    .execute()
  return code
}
