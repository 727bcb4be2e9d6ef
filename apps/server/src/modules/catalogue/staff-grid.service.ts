import type { StaffPrice } from '@shop/contracts/backoffice'
import type {
  StaffGrid,
  StaffGridQuery,
  StaffGridRow,
  StaffGridSave,
} from '@shop/contracts/backoffice-variants'
import type { Db } from '../../platform/db/database.ts'
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts'
import { addStock, setStockIf } from './staff-product.repository.ts'
import { findStaffPage } from './staff-search.repository.ts'
import { addVariantStock, replaceRowPrices, setVariantStockIf } from './staff-variant.repository.ts'
import { readCombination } from './staff-variant.rules.ts'
import { invalidateCatalogue, stockKey } from './stock.service.ts'

/**
 * The price and stock grid (docs/decisions/0052-price-stock-grid.md): a page of products (by SKU) with one
 * row per product without variants and one per variant, and one save of many rows in the caller's transaction.
 */
export async function staffGrid(
  db: Db,
  query: StaffGridQuery,
  terms: { currencies: string[]; language: string },
): Promise<StaffGrid> {
  const criteria = {
    ...query,
    sort: 'sku' as const,
    order: 'asc' as const,
    language: terms.language,
    currency: terms.currencies[0] ?? 'USD',
  }
  const { ids, total } = await findStaffPage(db, criteria)
  if (ids.length === 0) return { rows: [], total, page: query.page, currencies: terms.currencies }
  const [products, names, variants, prices] = await Promise.all([
    db
      .selectFrom('products')
      .select(['id', 'code', 'stock', 'has_variants'])
      .where('id', 'in', ids)
      .execute(),
    db
      .selectFrom('product_texts')
      .select(['product_id', 'language', 'name'])
      .where('product_id', 'in', ids)
      .where('language', 'in', [terms.language, 'en'])
      .execute(),
    db
      .selectFrom('variants')
      .select(['id', 'product_id', 'code', 'stock', 'options'])
      .where('product_id', 'in', ids)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('prices')
      .select(['product_id', 'variant_id', 'currency', 'effective_minor', 'original_minor'])
      .where('product_id', 'in', ids)
      .where('valid_from', 'is', null)
      .where('valid_until', 'is', null)
      .orderBy('currency')
      .execute(),
  ])
  const priceOf = (productId: string, variantId: string | null): StaffPrice[] =>
    prices
      .filter((p) => p.product_id === productId && p.variant_id === variantId)
      .map((p) => ({
        currency: p.currency,
        effectiveMinor: p.effective_minor,
        originalMinor: p.original_minor,
      }))
  const rows = ids.flatMap((id): StaffGridRow[] => {
    const product = products.find((p) => p.id === id)
    if (!product) return []
    const own = names.filter((n) => n.product_id === id)
    const name = (own.find((n) => n.language === terms.language) ?? own.find((n) => n.language === 'en'))
      ?.name
    const title = name ?? product.code
    if (product.has_variants !== 1)
      return [
        {
          productId: id,
          variantId: null,
          code: product.code,
          name: title,
          stock: product.stock,
          prices: priceOf(id, null),
        },
      ]
    return variants
      .filter((v) => v.product_id === id)
      .map((v) => ({
        productId: id,
        variantId: v.id,
        code: v.code,
        name: `${title} ${Object.values(readCombination(v.options)).join('/')}`,
        stock: v.stock,
        prices: priceOf(id, v.id),
      }))
  })
  return { rows, total, page: query.page, currencies: terms.currencies }
}

type Row = StaffGridSave['rows'][number]

async function checkRows(db: Db, rows: readonly Row[], currencies: readonly string[]) {
  const productIds = [...new Set(rows.map((r) => r.productId))]
  const [products, variants] = await Promise.all([
    db
      .selectFrom('products')
      .select(['id', 'has_variants', 'unit_code', 'unit_quantity'])
      .where('id', 'in', productIds)
      .execute(),
    db.selectFrom('variants').select(['id', 'product_id']).where('product_id', 'in', productIds).execute(),
  ])
  const problems: Array<{ field: string; type: string; message: string }> = []
  const seen = new Set<string>()
  rows.forEach((row, i) => {
    const product = products.find((p) => p.id === row.productId)
    if (!product) throw notFound('Product', row.productId)
    if (row.variantId && !variants.some((v) => v.id === row.variantId && v.product_id === row.productId))
      throw notFound('Variant', row.variantId)
    if (seen.has(stockKey(row)))
      problems.push({ field: `body.rows.${i}`, type: 'duplicate', message: 'This row is in the save twice' })
    seen.add(stockKey(row))
    if (row.stock && !row.variantId && product.has_variants === 1)
      problems.push({
        field: `body.rows.${i}.stock`,
        type: 'variants',
        message: 'Its variants keep the stock',
      })
    row.prices?.forEach((p, j) => {
      if (!currencies.includes(p.currency))
        problems.push({ field: `body.rows.${i}.prices.${j}.currency`, type: 'unknown', message: p.currency })
      if (p.effectiveMinor > p.originalMinor)
        problems.push({
          field: `body.rows.${i}.prices.${j}.effectiveMinor`,
          type: 'too_big',
          message: 'Above the original price',
        })
    })
  })
  if (problems.length) throw badRequest('validation_failed', 'The rows are not valid', problems)
  return products
}

async function stockNow(db: Db, row: Row): Promise<number> {
  const found = row.variantId
    ? await db.selectFrom('variants').select('stock').where('id', '=', row.variantId).executeTakeFirst()
    : await db.selectFrom('products').select('stock').where('id', '=', row.productId).executeTakeFirst()
  return found?.stock ?? 0
}

async function applyStock(db: Db, row: Row & { stock: NonNullable<Row['stock']> }): Promise<boolean> {
  const change = row.stock
  if (row.variantId)
    return 'delta' in change
      ? addVariantStock(db, row.productId, row.variantId, change.delta)
      : setVariantStockIf(db, row.productId, row.variantId, change.expected, change.stock)
  return 'delta' in change
    ? addStock(db, row.productId, change.delta)
    : setStockIf(db, row.productId, change.expected, change.stock)
}

/**
 * Saves every row or none: stock by guarded UPDATEs in the checkouts' lock order (never a deadlock with one),
 * each a compare-and-set or a delta; when any row's stock moved, 409 stock_changed names every such row and the
 * caller's transaction rolls back. Prices replace the given currencies of each row.
 */
export async function saveStaffGrid(db: Db, save: StaffGridSave, currencies: readonly string[]) {
  const products = await checkRows(db, save.rows, currencies)
  const indexed = save.rows.map((row, index) => ({ row, index }))
  indexed.sort((a, b) => stockKey(a.row).localeCompare(stockKey(b.row)))
  const failed: number[] = []
  for (const { row, index } of indexed)
    if (row.stock && !(await applyStock(db, { ...row, stock: row.stock }))) failed.push(index)
  if (failed.length) {
    const details = []
    for (const i of failed.sort((a, b) => a - b))
      details.push({
        field: `body.rows.${i}.stock`,
        type: 'current',
        message: String(await stockNow(db, save.rows[i] as Row)),
      })
    throw conflict(
      'stock_changed',
      `The stock of ${failed.length} row(s) changed meanwhile: reload them`,
      details,
    )
  }
  for (const { row } of indexed) {
    if (!row.prices?.length) continue
    const product = products.find((p) => p.id === row.productId)
    const unit = { unit_code: product?.unit_code ?? null, unit_quantity: product?.unit_quantity ?? null }
    await replaceRowPrices(db, row, row.prices, unit, false)
  }
  await invalidateCatalogue(db)
  return { saved: save.rows.length }
}
