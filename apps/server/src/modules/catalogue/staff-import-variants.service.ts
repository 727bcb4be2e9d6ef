import type { StaffPrice } from '@shop/contracts/backoffice'
import type { StaffOption } from '@shop/contracts/backoffice-variants'
import type { Db } from '../../platform/db/database.ts'
import {
  ensureOneDefault,
  findProductIds,
  findProductOptions,
  findVariantsByCode,
  findVariantsOf,
  type VariantRow,
} from './staff-import-variants.repository.ts'
import {
  clearDefaults,
  insertVariant,
  replaceRowPrices,
  replaceVariantTexts,
  setProductOptions,
  setVariantStockIf,
  updateVariantColumns,
} from './staff-variant.repository.ts'
import {
  attributeNames,
  type Combination,
  optionsFromVariants,
  readCombination,
  writeCombination,
} from './staff-variant.rules.ts'
import { invalidateCatalogue } from './stock.service.ts'

/**
 * The catalogue's batch path for variants in the CSV import and export (docs/decisions/0063-variants-in-csv.md).
 * The caller owns the transaction; the write bumps the catalogue's cache version in it.
 */
export interface VariantRecord extends VariantRow {
  /** option key → value */
  combination: Combination
}

const record = (row: VariantRow): VariantRecord => ({ ...row, combination: readCombination(row.options) })

/** The variants holding these codes, by code. */
export async function variantRecordsByCode(db: Db, codes: readonly string[]) {
  const out = new Map<string, VariantRecord>()
  for (let i = 0; i < codes.length; i += 500)
    for (const row of await findVariantsByCode(db, codes.slice(i, i + 500))) out.set(row.code, record(row))
  return out
}

/** Every variant of these products in storefront order, grouped by product id. */
export async function variantRecordsOf(db: Db, productIds: readonly string[]) {
  const out = new Map<string, VariantRecord[]>()
  for (let i = 0; i < productIds.length; i += 500)
    for (const row of await findVariantsOf(db, productIds.slice(i, i + 500))) {
      const list = out.get(row.productId) ?? []
      list.push(record(row))
      out.set(row.productId, list)
    }
  return out
}

/** The ids of the products holding these SKUs, by SKU. */
export async function productIdsBySku(db: Db, skus: readonly string[]) {
  const out = new Map<string, string>()
  for (let i = 0; i < skus.length; i += 500)
    for (const row of await findProductIds(db, skus.slice(i, i + 500))) out.set(row.code, row.id)
  return out
}

const parseOptions = (json: string): StaffOption[] => {
  try {
    const parsed = JSON.parse(json) as unknown
    return Array.isArray(parsed) ? (parsed as StaffOption[]) : []
  } catch {
    return []
  }
}

/** A product's options and variants as the import checks a variant row against them. */
export interface VariantFamily {
  options: StaffOption[]
  variants: VariantRecord[]
  /** The product's measurement unit, which each of its price rows carries. */
  unit: { unit_code: string | null; unit_quantity: number | null }
}

/** The options (stored, or read from the variants as the demo's) and variants of these products, by product id. */
export async function variantFamilies(db: Db, productIds: readonly string[]) {
  const [products, variants] = await Promise.all([
    findProductOptions(db, productIds),
    variantRecordsOf(db, productIds),
  ])
  const out = new Map<string, VariantFamily>()
  for (const product of products) {
    const own = variants.get(product.id) ?? []
    const stored = parseOptions(product.options)
    out.set(product.id, {
      options: stored.length ? stored : optionsFromVariants(own.map((v) => ({ options: v.combination }))),
      variants: own,
      unit: { unit_code: product.unit_code, unit_quantity: product.unit_quantity },
    })
  }
  return out
}

export interface VariantWrite {
  productId: string
  /** The existing variant's id; none for a new variant. */
  id?: string
  code: string
  combination: Combination
  texts: ReadonlyArray<{ language: string; name: string }>
  /** Every untimed price the variant has after the write. */
  prices: readonly StaffPrice[]
  /** The stock to set (null: as it is, a new variant has 0), only while it is still `expectedStock`. */
  stock: number | null
  expectedStock?: number
  isDefault: boolean
}

/** Adds a combination's keys and values the options do not have yet, in the order they come. */
function mergeOptions(options: StaffOption[], combination: Combination) {
  for (const [key, value] of Object.entries(combination)) {
    let option = options.find((o) => o.key === key)
    if (!option) {
      option = { key, values: [] }
      options.push(option)
    }
    if (!option.values.includes(value)) option.values.push(value)
  }
}

/**
 * Writes variants of many products in the caller's transaction: new ones after the product's last, existing ones
 * updated by id, the product's options extended by the new values, exactly one default per product. Answers the
 * id of each written variant by code, and the codes whose stock a checkout changed meanwhile (those variants are
 * then not written at all).
 */
export async function writeVariantRecords(db: Db, writes: readonly VariantWrite[]) {
  const refused = new Set<string>()
  const written = new Map<string, string>()
  const productIds = [...new Set(writes.map((w) => w.productId))]
  const families = await variantFamilies(db, productIds)
  for (const productId of productIds) {
    const family = families.get(productId)
    if (!family) continue
    const options = structuredClone(family.options)
    const own = family.variants
    const attributes = attributeNames(own.map((v) => v.options))
    const unit = family.unit
    let position = own.reduce((max, v) => Math.max(max, v.position + 1), 0)
    for (const w of writes.filter((x) => x.productId === productId)) {
      if (w.id && w.stock !== null && w.expectedStock !== undefined && w.stock !== w.expectedStock)
        if (!(await setVariantStockIf(db, productId, w.id, w.expectedStock, w.stock))) {
          refused.add(w.code)
          continue
        }
      mergeOptions(options, w.combination)
      const ordered: Combination = {}
      for (const o of options) {
        const value = w.combination[o.key]
        if (value !== undefined) ordered[o.key] = value
      }
      const columns = {
        code: w.code,
        options: writeCombination(ordered, attributes),
        is_default: w.isDefault ? 1 : 0,
      }
      let id = w.id
      if (id) await updateVariantColumns(db, id, columns)
      else {
        id = await insertVariant(db, productId, { ...columns, position: position++, media: '[]' })
        if (w.stock) await setVariantStockIf(db, productId, id, 0, w.stock)
      }
      if (w.isDefault) await clearDefaults(db, productId, id)
      await replaceVariantTexts(db, id, w.texts)
      await replaceRowPrices(db, { productId, variantId: id }, w.prices, unit, true)
      written.set(w.code, id)
    }
    await ensureOneDefault(db, productId)
    await setProductOptions(db, productId, JSON.stringify(options), true)
  }
  if (writes.length > 0) await invalidateCatalogue(db)
  return { written, refused }
}
