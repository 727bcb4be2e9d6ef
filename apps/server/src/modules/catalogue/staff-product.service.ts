import { randomUUID } from 'node:crypto'
import type {
  StaffProduct,
  StaffProductCreate,
  StaffProductInput,
  StaffProductList,
  StaffStock,
} from '@shop/contracts/backoffice'
import type { Db } from '../../platform/db/database.ts'
import { isUniqueViolation } from '../../platform/db/errors.ts'
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts'
import { findStaffRows, type StaffListCriteria } from './staff-list.repository.ts'
import {
  addStock,
  deleteProductRow,
  findStaffProduct,
  insertProduct,
  isOrdered,
  replacePrices,
  replaceTexts,
  type StaffProductRecord,
  setStockIf,
  skuTaken,
  updateProductColumns,
} from './staff-product.repository.ts'
import { productInputProblems, type ShopTerms } from './staff-product.rules.ts'
import { findStaffPage } from './staff-search.repository.ts'
import { invalidateCatalogue } from './stock.service.ts'

export type { ShopTerms } from './staff-product.rules.ts'

/**
 * The catalogue's write path for the back office (docs/decisions/0043-staff-product-api.md). Every function
 * takes the caller's transaction and bumps the catalogue's cache version in it; product_sort_names follows
 * product_texts by migration 0011's triggers. The caller reindexes search after the commit.
 */
export async function listStaffProducts(db: Db, criteria: StaffListCriteria): Promise<StaffProductList> {
  const { ids, total } = await findStaffPage(db, criteria)
  const { products, texts, prices, categories } = await findStaffRows(db, ids, criteria.language)
  const byId = new Map(products.map((p) => [p.id, p]))
  const items = ids.flatMap((id) => {
    const p = byId.get(id)
    if (!p) return []
    const own = texts.filter((t) => t.product_id === id)
    const name = (own.find((t) => t.language === criteria.language) ?? own.find((t) => t.language === 'en'))
      ?.name
    const category = categories.find((c) => c.product_id === id)
    return [
      {
        id,
        sku: p.code,
        name: name ?? p.code,
        published: p.published === 1,
        stock: p.stock,
        prices: prices
          .filter((x) => x.product_id === id)
          .map((x) => ({
            currency: x.currency,
            effectiveMinor: x.effective_minor,
            originalMinor: x.original_minor,
          })),
        category: category ? { id: category.category_id, name: category.name ?? category.category_id } : null,
        created: p.created_at,
      },
    ]
  })
  return { items, total, page: criteria.page }
}

const view = ({ product, texts, prices }: StaffProductRecord): StaffProduct => ({
  id: product.id,
  sku: product.code,
  published: product.published === 1,
  taxCode: product.tax_code,
  stock: product.stock,
  hasVariants: product.has_variants === 1,
  texts: texts.map((t) => ({ language: t.language, name: t.name, description: t.description })),
  prices: prices.map((p) => ({
    currency: p.currency,
    effectiveMinor: p.effective_minor,
    originalMinor: p.original_minor,
  })),
  created: product.created_at,
})

export async function getStaffProduct(db: Db, id: string): Promise<StaffProduct> {
  const record = await findStaffProduct(db, id)
  if (!record) throw notFound('Product', id)
  return view(record)
}

const skuConflict = (sku: string) =>
  conflict('sku_taken', `Another product has the SKU ${sku}`, [
    { field: 'body.sku', type: 'taken', message: 'This SKU is taken' },
  ])

async function checkInput(db: Db, id: string | null, input: StaffProductInput, terms: ShopTerms) {
  const problems = productInputProblems(input, terms)
  if (problems.length > 0) throw badRequest('validation_failed', 'The product is not valid', problems)
  if (await skuTaken(db, input.sku, id)) throw skuConflict(input.sku)
}

/** The write, with a SKU another save took meanwhile (after the check) answered as the same 409. */
async function uniqueSku<T>(sku: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error)) throw skuConflict(sku)
    throw error
  }
}

const columns = (input: StaffProductInput) => ({
  code: input.sku,
  published: input.published ? 1 : 0,
  tax_code: input.taxCode,
})

/** A new product; answers it as saved. */
export async function createStaffProduct(db: Db, input: StaffProductCreate, terms: ShopTerms) {
  await checkInput(db, null, input, terms)
  const id = randomUUID()
  await uniqueSku(input.sku, () =>
    insertProduct(db, id, columns(input), input.stock, new Date().toISOString()),
  )
  await replaceTexts(db, id, input.texts)
  await replacePrices(db, id, input.prices)
  await invalidateCatalogue(db)
  return getStaffProduct(db, id)
}

/** Replaces what the form edits (everything but the stock); answers before and after. */
export async function updateStaffProduct(db: Db, id: string, input: StaffProductInput, terms: ShopTerms) {
  const before = await getStaffProduct(db, id)
  await checkInput(db, id, input, terms)
  if (!(await uniqueSku(input.sku, () => updateProductColumns(db, id, columns(input)))))
    throw notFound('Product', id)
  await replaceTexts(db, id, input.texts)
  await replacePrices(db, id, input.prices)
  await invalidateCatalogue(db)
  return { before, after: await getStaffProduct(db, id) }
}

/**
 * A stock edit that never races a checkout: compare-and-set on the figure the staff member saw (409
 * stock_changed with the current figure), or a delta that never takes the stock below zero (409 stock_negative).
 */
export async function changeStaffStock(db: Db, id: string, change: StaffStock) {
  const before = await getStaffProduct(db, id)
  if (before.hasVariants) throw conflict('product_has_variants', 'This product keeps its stock per variant')
  if ('delta' in change) {
    if (!(await addStock(db, id, change.delta)))
      throw conflict('stock_negative', `Only ${before.stock} in stock`, [
        { field: 'body.delta', type: 'current', message: String(before.stock) },
      ])
  } else if (!(await setStockIf(db, id, change.expected, change.stock))) {
    const current = (await getStaffProduct(db, id)).stock
    throw conflict('stock_changed', `The stock changed to ${current} meanwhile`, [
      { field: 'body.expected', type: 'current', message: String(current) },
    ])
  }
  await invalidateCatalogue(db)
  return { before, after: await getStaffProduct(db, id) }
}

/** Deletes a product no order holds (orders of it keep their copy; the product is unpublished instead). */
export async function deleteStaffProduct(db: Db, id: string): Promise<StaffProduct> {
  const before = await getStaffProduct(db, id)
  if (await isOrdered(db, id))
    throw conflict('product_ordered', 'Orders hold this product: unpublish it instead of deleting it')
  if (!(await deleteProductRow(db, id))) throw notFound('Product', id)
  await invalidateCatalogue(db)
  return before
}
