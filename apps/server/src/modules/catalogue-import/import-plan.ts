import { minorDigits } from '@shop/contracts/money'
import type { Db } from '../../platform/db/database.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { catalogueRecordsBySku, categoryIds, variantCodesAmong } from '../catalogue/staff-import.service.ts'
import { listSites } from '../site/site.service.ts'
import type { CsvFile } from './csv-file.ts'
import { type CsvTerms, readRow } from './csv-format.rules.ts'
import { planRow, type RowPlan } from './csv-plan.rules.ts'

export const CHUNK_ROWS = 500

/** The languages and currencies of the shop's sites: the columns the CSV has. */
export async function csvTerms(ctx: AppContext): Promise<CsvTerms> {
  const sites = await listSites(ctx)
  return {
    languages: [...new Set(sites.flatMap((s) => s.languages))],
    currencies: [...new Set(sites.map((s) => s.currency))],
  }
}

/** The line each SKU is first on: a later row with the same SKU is refused. */
export function firstLines(file: CsvFile): Map<string, number> {
  const skuAt = file.header.indexOf('sku')
  const first = new Map<string, number>()
  for (const row of file.rows) {
    const sku = (row.cells[skuAt] ?? '').trim()
    if (!first.has(sku)) first.set(sku, row.line)
  }
  return first
}

/** Plans rows [from, to) of the file against the shop as `db` sees it: a few batched reads per chunk. */
export async function planRows(
  db: Db,
  file: CsvFile,
  terms: CsvTerms,
  range: { from: number; to: number },
  known: { categories: ReadonlySet<string>; firstLines: ReadonlyMap<string, number> },
): Promise<RowPlan[]> {
  const rows = file.rows.slice(range.from, range.to)
  const read = rows.map((row) => ({ row, ...readRow(file.header, row.cells, terms, minorDigits) }))
  const skus = [...new Set(read.map((r) => r.draft.sku).filter(Boolean))]
  const [existing, variantCodes] = await Promise.all([
    catalogueRecordsBySku(db, skus),
    variantCodesAmong(db, skus),
  ])
  const context = { terms, categories: known.categories, variantCodes }
  return read.map(({ row, draft, problems }) => {
    const extra = [...problems]
    if (row.cells.length !== file.header.length)
      extra.push({
        column: null,
        message: `${row.cells.length} cells where the header has ${file.header.length}`,
      })
    const first = known.firstLines.get(draft.sku)
    if (draft.sku && first !== undefined && first < row.line)
      extra.push({ column: 'sku', message: `The SKU ${draft.sku} is on line ${first} already` })
    return planRow(row.line, draft, extra, existing.get(draft.sku), context)
  })
}

export const knownCategories = (db: Db) => categoryIds(db)
