import { minorDigits } from '@shop/contracts/money'
import type { Db } from '../../platform/db/database.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { catalogueRecordsBySku, categoryIds, variantCodesAmong } from '../catalogue/staff-import.service.ts'
import { variantFamilies, variantRecordsByCode } from '../catalogue/staff-import-variants.service.ts'
import { listSites } from '../site/site.service.ts'
import type { CsvFile } from './csv-file.ts'
import { type CsvTerms, readRow } from './csv-format.rules.ts'
import { planRow, type RowPlan } from './csv-plan.rules.ts'
import { acceptVariant, type Family, newFamily, planVariantRow } from './csv-variant-plan.rules.ts'

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

/**
 * What the plan remembers from row to row and chunk to chunk of one file: product rows planned so far and each
 * product's variants as the shop and the accepted rows of the file make them (docs/decisions/0063).
 */
export interface PlanMemory {
  categories: ReadonlySet<string>
  firstLines: ReadonlyMap<string, number>
  /** The SKUs variant rows name in variant_of: those products have variants. */
  variantParents: ReadonlySet<string>
  planned: Map<string, { line: number; accepted: boolean }>
  families: Map<string, Family>
}

export function planMemory(file: CsvFile, categories: ReadonlySet<string>): PlanMemory {
  const at = file.header.indexOf('variant_of')
  const variantParents = new Set<string>()
  if (at >= 0)
    for (const row of file.rows) {
      const sku = (row.cells[at] ?? '').trim()
      if (sku) variantParents.add(sku)
    }
  return { categories, firstLines: firstLines(file), variantParents, planned: new Map(), families: new Map() }
}

/** Plans rows [from, to) of the file against the shop as `db` sees it: a few batched reads per chunk. */
export async function planRows(
  db: Db,
  file: CsvFile,
  terms: CsvTerms,
  range: { from: number; to: number },
  memory: PlanMemory,
): Promise<RowPlan[]> {
  const rows = file.rows.slice(range.from, range.to)
  const read = rows.map((row) => ({ row, ...readRow(file.header, row.cells, terms, minorDigits) }))
  const skus = [...new Set(read.map((r) => r.draft.sku).filter(Boolean))]
  const parents = [...new Set(read.flatMap((r) => (r.draft.variantOf ? [r.draft.variantOf] : [])))].filter(
    (sku) => !memory.families.has(sku),
  )
  const [existing, variantCodes, variants] = await Promise.all([
    catalogueRecordsBySku(db, [...skus, ...parents]),
    variantCodesAmong(db, skus),
    variantRecordsByCode(db, skus),
  ])
  await loadFamilies(db, parents, existing, memory)
  const context = { terms, categories: memory.categories, variantCodes }
  return read.map(({ row, draft, problems }) => {
    const extra = [...problems]
    if (row.cells.length !== file.header.length)
      extra.push({
        column: null,
        message: `${row.cells.length} cells where the header has ${file.header.length}`,
      })
    const first = memory.firstLines.get(draft.sku)
    if (draft.sku && first !== undefined && first < row.line)
      extra.push({ column: 'sku', message: `The SKU ${draft.sku} is on line ${first} already` })
    if (draft.variantOf) {
      const family = memory.families.get(draft.variantOf)
      const plan = planVariantRow(row.line, draft, extra, {
        terms,
        family,
        familyProblem: family ? undefined : whyNoFamily(draft.variantOf, row.line, memory, variantCodes),
        existing: variants.get(draft.sku),
        codeIsProduct: existing.has(draft.sku),
      })
      if (family && plan.action !== 'refused') acceptVariant(family, plan, row.line, draft.isDefault === true)
      return plan
    }
    const record = existing.get(draft.sku)
    const hasVariants = Boolean(record?.hasVariants) || memory.variantParents.has(draft.sku)
    const plan = planRow(row.line, draft, extra, record, context, hasVariants)
    memory.planned.set(draft.sku, { line: row.line, accepted: plan.action !== 'refused' })
    if (plan.action === 'create') memory.families.set(draft.sku, newFamily(draft.sku, [], []))
    return plan
  })
}

/** The families of products in the shop that variant rows name for the first time. */
async function loadFamilies(
  db: Db,
  skus: readonly string[],
  existing: ReadonlyMap<string, { id: string }>,
  memory: PlanMemory,
) {
  const ids = skus.flatMap((sku) => {
    const id = existing.get(sku)?.id
    return id ? [id] : []
  })
  if (ids.length === 0) return
  const families = await variantFamilies(db, ids)
  for (const sku of skus) {
    const family = families.get(existing.get(sku)?.id ?? '')
    if (family) memory.families.set(sku, newFamily(sku, family.options, family.variants))
  }
}

function whyNoFamily(sku: string, line: number, memory: PlanMemory, variantCodes: ReadonlySet<string>) {
  const planned = memory.planned.get(sku)
  if (planned && !planned.accepted) return `The row of ${sku} (line ${planned.line}) is refused`
  const first = memory.firstLines.get(sku)
  if (first !== undefined && first > line)
    return `${sku} comes on line ${first}: put a product's row before its variants`
  if (variantCodes.has(sku)) return `${sku} is a variant: name its product`
  return `No product has the SKU ${sku}`
}

export const knownCategories = (db: Db) => categoryIds(db)
