import { minorDigits } from '@shop/contracts/money'
import type { AppContext } from '../../platform/http/context.ts'
import { type CatalogueRecord, catalogueRecordPages } from '../catalogue/staff-import.service.ts'
import { csvLines } from './csv-file.ts'
import { type CsvTerms, csvColumns, formatAmount } from './csv-format.rules.ts'
import { csvTerms } from './import-plan.ts'

/** One product as a CSV row in the import's format (so an export imported again changes nothing). */
export function recordCells(record: CatalogueRecord, terms: CsvTerms): string[] {
  const text = (language: string) => record.texts.find((t) => t.language === language)
  const price = (currency: string) => record.prices.find((p) => p.currency === currency)
  return [
    record.sku,
    record.published ? 'true' : 'false',
    ...terms.languages.flatMap((l) => [text(l)?.name ?? '', text(l)?.description ?? '']),
    ...terms.currencies.flatMap((c) => {
      const p = price(c)
      const digits = minorDigits(c)
      return p ? [formatAmount(p.effectiveMinor, digits), formatAmount(p.originalMinor, digits)] : ['', '']
    }),
    // A product with variants keeps its stock per variant: the cell stays empty (the import leaves it alone).
    record.hasVariants ? '' : String(record.stock),
    record.categories.join('|'),
    record.taxCode ?? '',
  ]
}

/** The whole catalogue as CSV, a page of products at a time (a UTF-8 byte order mark first, for spreadsheets). */
export async function* exportCatalogueCsv(ctx: AppContext): AsyncGenerator<string> {
  const terms = await csvTerms(ctx)
  yield `\uFEFF${csvLines([csvColumns(terms)])}`
  for await (const page of catalogueRecordPages(ctx.db))
    yield csvLines(page.map((r) => recordCells(r, terms)))
}
