import type { StaffPrice } from '@shop/contracts/backoffice'
import { minorDigits } from '@shop/contracts/money'
import type { AppContext } from '../../platform/http/context.ts'
import { type CatalogueRecord, catalogueRecordPages } from '../catalogue/staff-import.service.ts'
import { type VariantRecord, variantRecordsOf } from '../catalogue/staff-import-variants.service.ts'
import { csvLines } from './csv-file.ts'
import { type CsvTerms, csvColumns, formatAmount } from './csv-format.rules.ts'
import { csvTerms } from './import-plan.ts'

/** One product as a CSV row (its variants follow, docs/decisions/0063) in the import's format (so an export imported again changes nothing). */
export function recordCells(record: CatalogueRecord, terms: CsvTerms): string[] {
  const text = (language: string) => record.texts.find((t) => t.language === language)
  return [
    record.sku,
    record.published ? 'true' : 'false',
    ...terms.languages.flatMap((l) => [text(l)?.name ?? '', text(l)?.description ?? '']),
    ...priceCells(record.prices, terms),
    // A product with variants keeps its stock per variant: the cell stays empty (the import leaves it alone).
    record.hasVariants ? '' : String(record.stock),
    record.categories.join('|'),
    record.taxCode ?? '',
    '',
    '',
    '',
  ]
}

/** A variant as a row after its product's: its code, names, prices and stock; the product's own cells empty. */
export function variantCells(variant: VariantRecord, terms: CsvTerms): string[] {
  const name = (language: string) => variant.texts.find((t) => t.language === language)?.name ?? ''
  return [
    variant.code,
    '',
    ...terms.languages.flatMap((l) => [name(l), '']),
    ...priceCells(variant.prices, terms),
    String(variant.stock),
    '',
    '',
    variant.productSku,
    Object.entries(variant.combination)
      .map(([key, value]) => `${key}=${value}`)
      .join('|'),
    variant.isDefault ? 'true' : 'false',
  ]
}

const priceCells = (prices: readonly StaffPrice[], terms: CsvTerms) =>
  terms.currencies.flatMap((c) => {
    const p = prices.find((price) => price.currency === c)
    const digits = minorDigits(c)
    return p ? [formatAmount(p.effectiveMinor, digits), formatAmount(p.originalMinor, digits)] : ['', '']
  })

/** The whole catalogue as CSV, a page of products at a time (a UTF-8 byte order mark first, for spreadsheets). */
export async function* exportCatalogueCsv(ctx: AppContext): AsyncGenerator<string> {
  const terms = await csvTerms(ctx)
  yield `\uFEFF${csvLines([csvColumns(terms)])}`
  for await (const page of catalogueRecordPages(ctx.db)) {
    const variants = await variantRecordsOf(
      ctx.db,
      page.filter((r) => r.hasVariants).map((r) => r.id),
    )
    yield csvLines(
      page.flatMap((r) => [
        recordCells(r, terms),
        ...(variants.get(r.id) ?? []).map((v) => variantCells(v, terms)),
      ]),
    )
  }
}
