import { type StaffPrice, StaffProductInputSchema } from '@shop/contracts/backoffice'
import type { ImportRow } from '@shop/contracts/backoffice-import'
import type { CatalogueRecord } from '../catalogue/staff-import.service.ts'
import type { VariantRecord } from '../catalogue/staff-import-variants.service.ts'
import { productInputProblems } from '../catalogue/staff-product.rules.ts'
import type { CsvDraft, CsvTerms, ImportProblem } from './csv-format.rules.ts'

export type { ImportProblem } from './csv-format.rules.ts'

/** What the shop holds that a row is checked against. */
export interface PlanContext {
  terms: CsvTerms
  categories: ReadonlySet<string>
  variantCodes: ReadonlySet<string>
}

/** A row's product as it would be saved. */
export interface PlannedProduct {
  sku: string
  published: boolean
  taxCode: string | null
  stock: number | null
  texts: Array<{ language: string; name: string; description: string }>
  prices: StaffPrice[]
  categories: string[]
}

/** A variant row's variant as it would be saved. */
export interface PlannedVariant {
  code: string
  productSku: string
  combination: Record<string, string>
  texts: Array<{ language: string; name: string }>
  prices: StaffPrice[]
  stock: number | null
  isDefault: boolean
}

/** A row's plan: a product's (`product`, `existing`) or a variant's (`variant`, `existingVariant`). */
export type RowPlan = ImportRow & {
  product?: PlannedProduct
  existing?: CatalogueRecord
  variant?: PlannedVariant
  existingVariant?: VariantRecord
}

/** The product a draft makes of the existing one (or of nothing): columns not in the file keep what is there. */
export function resolveDraft(
  draft: CsvDraft,
  existing: CatalogueRecord | undefined,
  terms: CsvTerms,
): PlannedProduct {
  const textOf = (language: string) => existing?.texts.find((t) => t.language === language)
  const priceOf = (currency: string) => existing?.prices.find((p) => p.currency === currency)
  const prices: StaffPrice[] = []
  for (const currency of terms.currencies) {
    const price = draft.prices[currency]
    const kept = price === undefined ? priceOf(currency) : price
    if (kept)
      prices.push({ currency, effectiveMinor: kept.effectiveMinor, originalMinor: kept.originalMinor })
  }
  return {
    sku: draft.sku,
    published: draft.published ?? existing?.published ?? false,
    taxCode: draft.taxCode === undefined ? (existing?.taxCode ?? null) : draft.taxCode,
    stock: draft.stock ?? null,
    texts: terms.languages.map((language) => ({
      language,
      name: draft.names[language] ?? '',
      description: draft.descriptions[language] ?? textOf(language)?.description ?? '',
    })),
    prices,
    categories: draft.categories ?? existing?.categories ?? [],
  }
}

/** The problems of a product as the staff product API would find them, named by CSV column. */
export function productProblems(
  product: PlannedProduct,
  context: PlanContext,
  hasVariants = false,
): ImportProblem[] {
  const problems: ImportProblem[] = []
  const input = {
    sku: product.sku,
    published: product.published,
    taxCode: product.taxCode,
    texts: product.texts,
    prices: product.prices,
  }
  const parsed = StaffProductInputSchema.safeParse(input)
  if (!parsed.success)
    for (const issue of parsed.error.issues)
      problems.push({ column: columnOf(issue.path, product), message: issue.message })
  for (const detail of productInputProblems(input, context.terms)) {
    // A product with variants is priced by its variants: it needs no product-level price.
    if (hasVariants && detail.type === 'missing_price') continue
    const path = (detail.field ?? '').replace(/^body\./, '').split('.')
    problems.push({ column: columnOf(path, product), message: detail.message })
  }
  if (context.variantCodes.has(product.sku))
    problems.push({ column: 'sku', message: `A variant has the code ${product.sku}` })
  for (const category of product.categories)
    if (!context.categories.has(category))
      problems.push({ column: 'categories', message: `No category has the id ${category}` })
  return problems
}

function columnOf(path: ReadonlyArray<PropertyKey>, product: PlannedProduct): string | null {
  const [head, index, leaf] = path
  if (head === 'sku') return 'sku'
  if (head === 'taxCode') return 'tax_code'
  if (head === 'published') return 'published'
  if (head === 'texts' && typeof index !== 'undefined') {
    const language = product.texts[Number(index)]?.language
    return language ? `${leaf === 'description' ? 'description' : 'name'}_${language}` : null
  }
  if (head === 'prices' && typeof index !== 'undefined') {
    const currency = product.prices[Number(index)]?.currency
    return currency ? `${leaf === 'originalMinor' ? 'original' : 'price'}_${currency}` : null
  }
  return null
}

/** The columns whose value the row changes on the existing product. */
export function changedColumns(
  product: PlannedProduct,
  existing: CatalogueRecord,
  terms: CsvTerms,
): string[] {
  const changes: string[] = []
  if (product.published !== existing.published) changes.push('published')
  for (const text of product.texts) {
    const before = existing.texts.find((t) => t.language === text.language)
    if (before?.name !== text.name) changes.push(`name_${text.language}`)
    if ((before?.description ?? '') !== text.description) changes.push(`description_${text.language}`)
  }
  if (existing.texts.some((t) => !terms.languages.includes(t.language))) changes.push('texts')
  for (const currency of terms.currencies) {
    const before = existing.prices.find((p) => p.currency === currency)
    const after = product.prices.find((p) => p.currency === currency)
    if (before?.effectiveMinor !== after?.effectiveMinor) changes.push(`price_${currency}`)
    if (before?.originalMinor !== after?.originalMinor) changes.push(`original_${currency}`)
  }
  if (product.stock !== null && product.stock !== existing.stock) changes.push('stock')
  if (product.categories.join('|') !== existing.categories.join('|')) changes.push('categories')
  if (product.taxCode !== existing.taxCode) changes.push('tax_code')
  return changes
}

/** What one row would do: create, update (which columns), nothing, or why it is refused. */
export function planRow(
  line: number,
  draft: CsvDraft,
  cellProblems: readonly ImportProblem[],
  existing: CatalogueRecord | undefined,
  context: PlanContext,
  /** The product has variants, in the shop or in the file's variant rows. */
  hasVariants = existing?.hasVariants ?? false,
): RowPlan {
  const product = resolveDraft(draft, existing, context.terms)
  const problems = [...cellProblems, ...productProblems(product, context, hasVariants)]
  if (hasVariants && product.stock !== null && product.stock !== (existing?.stock ?? 0))
    problems.push({
      column: 'stock',
      message: 'This product keeps its stock per variant: leave the cell empty',
    })
  const row = { line, sku: draft.sku, changes: [] as string[], problems }
  if (problems.length > 0) return { ...row, action: 'refused' }
  if (!existing) return { ...row, action: 'create', product }
  const changes = changedColumns(product, existing, context.terms)
  return { ...row, action: changes.length > 0 ? 'update' : 'unchanged', changes, product, existing }
}
