import type { StaffStock } from '@shop/contracts/backoffice'
import type {
  StaffOption,
  StaffOptionsInput,
  StaffVariantInput,
  StaffVariants,
} from '@shop/contracts/backoffice-variants'
import type { Db } from '../../platform/db/database.ts'
import { isUniqueViolation } from '../../platform/db/errors.ts'
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts'
import * as repo from './staff-variant.repository.ts'
import {
  attributeNames,
  type Combination,
  combinationKey,
  combinations,
  optionProblems,
  optionsFromVariants,
  readCombination,
  variantCode,
  variantOptionProblems,
  writeCombination,
} from './staff-variant.rules.ts'
import { invalidateCatalogue } from './stock.service.ts'

/**
 * The catalogue's write path for options and variants (docs/decisions/0051-staff-variants.md). Every function
 * takes the caller's transaction and bumps the catalogue's cache version in it.
 */
type Media = { id: string; url: string }

const parse = <T>(text: string, fallback: T): T => {
  try {
    return (JSON.parse(text) as T) ?? fallback
  } catch {
    return fallback
  }
}

async function load(db: Db, productId: string) {
  const product = await repo.findVariantProduct(db, productId)
  if (!product) throw notFound('Product', productId)
  const rows = await repo.findVariantRows(db, productId)
  const variants = rows.variants.map((v) => ({ ...v, combination: readCombination(v.options) }))
  const stored = parse<StaffOption[]>(product.options, [])
  const options = stored.length
    ? stored
    : optionsFromVariants(variants.map((v) => ({ options: v.combination })))
  return { product, rows, variants, options }
}

export async function getStaffVariants(db: Db, productId: string): Promise<StaffVariants> {
  const { product, rows, variants, options } = await load(db, productId)
  const media = new Map<string, Media>()
  for (const m of parse<Media[]>(product.media, [])) media.set(m.id, m)
  for (const v of variants) for (const m of parse<Media[]>(v.media, [])) media.set(m.id, m)
  return {
    productId,
    sku: product.code,
    options,
    media: [...media.values()],
    variants: variants.map((v) => ({
      id: v.id,
      code: v.code,
      texts: rows.texts
        .filter((t) => t.variant_id === v.id)
        .map((t) => ({ language: t.language, name: t.name })),
      options: v.combination,
      stock: v.stock,
      default: v.is_default === 1,
      media: parse<Media[]>(v.media, []).map((m) => m.id),
      prices: rows.prices
        .filter((p) => p.variant_id === v.id)
        .map((p) => ({
          currency: p.currency,
          effectiveMinor: p.effective_minor,
          originalMinor: p.original_minor,
        })),
    })),
  }
}

const invalid = (problems: Array<{ field: string; type: string; message: string }>) =>
  badRequest('validation_failed', 'The options are not valid', problems)

/**
 * Sets the options and generates one variant per combination: a variant whose combination survives keeps its
 * id, code, stock, prices and media; new ones get codes from the SKU; the others are deleted (409
 * variant_ordered, nothing changed, when an order holds one). `beforeDelete` takes dropped variants out of carts.
 */
export async function setStaffOptions(
  db: Db,
  productId: string,
  input: StaffOptionsInput,
  beforeDelete: (variantIds: string[]) => Promise<void>,
) {
  const problems = optionProblems(input.options)
  if (problems.length) throw invalid(problems)
  const before = await getStaffVariants(db, productId)
  const { product, variants } = await load(db, productId)
  const wanted = combinations(input.options)
  const byKey = new Map(variants.map((v) => [combinationKey(input.options, v.combination), v]))
  const kept = new Set(
    wanted.flatMap((c) => {
      const v = byKey.get(combinationKey(input.options, c))
      return v && Object.keys(v.combination).length === input.options.length ? [v.id] : []
    }),
  )
  const dropped = variants.filter((v) => !kept.has(v.id)).map((v) => v.id)
  const ordered = await repo.orderedVariantIds(db, dropped)
  if (ordered.length)
    throw conflict(
      'variant_ordered',
      `Orders hold ${ordered.length} of the variants these options drop: keep their values`,
      variants
        .filter((v) => ordered.includes(v.id))
        .map((v) => ({ field: 'body.options', type: 'ordered', message: v.code })),
    )
  await beforeDelete(dropped)
  await repo.deleteVariants(db, dropped)
  const attributes = attributeNames(variants.filter((v) => kept.has(v.id)).map((v) => v.options))
  const fresh = wanted.map((c) => variantCode(product.code, c))
  const taken = await repo.codesInUse(db, fresh)
  // Exactly one default: a kept default stays, else the first variant becomes it.
  let hasDefault = variants.some((v) => kept.has(v.id) && v.is_default === 1)
  for (const [position, combination] of wanted.entries()) {
    const existing = byKey.get(combinationKey(input.options, combination))
    const options = writeCombination(combination, attributes)
    if (existing && kept.has(existing.id)) {
      await repo.updateVariantColumns(db, existing.id, {
        position,
        options,
        ...(hasDefault ? {} : { is_default: 1 }),
      })
      hasDefault = true
      continue
    }
    let code = fresh[position] as string
    for (let n = 2; taken.has(code); n++) code = `${fresh[position]}-${n}`.slice(-64)
    taken.add(code)
    await repo.insertVariant(db, productId, {
      code,
      position,
      is_default: hasDefault ? 0 : 1,
      options,
      media: '[]',
    })
    hasDefault = true
  }
  await repo.setProductOptions(db, productId, JSON.stringify(input.options), wanted.length > 0)
  await invalidateCatalogue(db)
  return { before, after: await getStaffVariants(db, productId), dropped }
}

function findVariant(view: StaffVariants, variantId: string) {
  const variant = view.variants.find((v) => v.id === variantId)
  if (!variant) throw notFound('Variant', variantId)
  return variant
}

const codeConflict = (code: string) =>
  conflict('sku_taken', `Another product or variant has the code ${code}`, [
    { field: 'body.code', type: 'taken', message: 'This code is taken' },
  ])

/** Edits one variant: code, names, option values, default (exactly one per product), media, prices. */
export async function updateStaffVariant(
  db: Db,
  productId: string,
  variantId: string,
  input: StaffVariantInput,
) {
  const before = await getStaffVariants(db, productId)
  findVariant(before, variantId)
  const problems = variantOptionProblems(before.options, input.options as Combination)
  const key = combinationKey(before.options, input.options)
  const twin = before.variants.find(
    (v) => v.id !== variantId && combinationKey(before.options, v.options) === key,
  )
  if (twin)
    problems.push({ field: 'body.options', type: 'duplicate', message: `${twin.code} has these values` })
  const unknownMedia = input.media.filter((id) => !before.media.some((m) => m.id === id))
  for (const id of unknownMedia) problems.push({ field: 'body.media', type: 'unknown', message: id })
  if (problems.length) throw badRequest('validation_failed', 'The variant is not valid', problems)
  if (await repo.codeTaken(db, input.code, variantId)) throw codeConflict(input.code)
  const product = await repo.findVariantProduct(db, productId)
  const current = (await repo.findVariantRows(db, productId)).variants.find((v) => v.id === variantId)
  const attributes = attributeNames(current ? [current.options] : [])
  const isDefault = input.default || findVariant(before, variantId).default
  try {
    await repo.updateVariantColumns(db, variantId, {
      code: input.code,
      is_default: isDefault ? 1 : 0,
      options: writeCombination(input.options, attributes),
      media: JSON.stringify(input.media.map((id) => before.media.find((m) => m.id === id))),
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw codeConflict(input.code)
    throw error
  }
  if (input.default) await repo.clearDefaults(db, productId, variantId)
  await repo.replaceVariantTexts(db, variantId, input.texts)
  const unit = { unit_code: product?.unit_code ?? null, unit_quantity: product?.unit_quantity ?? null }
  await repo.replaceRowPrices(db, { productId, variantId }, input.prices, unit, true)
  await invalidateCatalogue(db)
  return { before: findVariant(before, variantId), after: await getStaffVariants(db, productId) }
}

/** A variant's stock edit: compare-and-set or delta, as the product's (`changeStaffStock`). */
export async function changeVariantStock(db: Db, productId: string, variantId: string, change: StaffStock) {
  const before = findVariant(await getStaffVariants(db, productId), variantId)
  if ('delta' in change) {
    if (!(await repo.addVariantStock(db, productId, variantId, change.delta)))
      throw conflict('stock_negative', `Only ${before.stock} in stock`, [
        { field: 'body.delta', type: 'current', message: String(before.stock) },
      ])
  } else if (!(await repo.setVariantStockIf(db, productId, variantId, change.expected, change.stock))) {
    const current = findVariant(await getStaffVariants(db, productId), variantId).stock
    throw conflict('stock_changed', `The stock changed to ${current} meanwhile`, [
      { field: 'body.expected', type: 'current', message: String(current) },
    ])
  }
  await invalidateCatalogue(db)
  const after = await getStaffVariants(db, productId)
  return { before: before.stock, after, stock: findVariant(after, variantId).stock }
}
