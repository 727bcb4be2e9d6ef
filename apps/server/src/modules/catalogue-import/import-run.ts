import type { ImportCounts } from '@shop/contracts/backoffice-import'
import type { StaffPrincipal } from '../../platform/auth/staff.ts'
import type { Db } from '../../platform/db/database.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { type AuditRecord, recordAudits } from '../audit/audit.service.ts'
import {
  catalogueSize,
  newRecordIds,
  refreshCatalogueStatistics,
  writeCatalogueRecords,
} from '../catalogue/staff-import.service.ts'
import { reindexProducts } from '../search/search.service.ts'
import { type CsvFile, parseCsv } from './csv-file.ts'
import type { CsvTerms } from './csv-format.rules.ts'
import type { RowPlan } from './csv-plan.rules.ts'
import { advanceImport, findImport, setImportStatus } from './import.repository.ts'
import {
  CHUNK_ROWS,
  csvTerms,
  knownCategories,
  type PlanMemory,
  planMemory,
  planRows,
} from './import-plan.ts'
import { statisticsOutgrown } from './import-statistics.rules.ts'
import { importVariantRows } from './import-variants.ts'

class CheckpointMoved extends Error {}

const SEARCHED = /^(name_|description_|categories$|published$|texts$)/

/**
 * Imports the rows after the checkpoint, a chunk per transaction: the rows planned again against the shop as
 * it is now, the catalogue's batch write with its cache bump, one audit entry per product, the search index of
 * the chunk's products and the checkpoint all commit together, or none does. A row refused now (a SKU taken or
 * a stock sold meanwhile) is left out and counted.
 */
export async function runImport(ctx: AppContext, id: string, shouldStop: () => boolean): Promise<void> {
  const record = await findImport(ctx.db, id)
  if (record?.status !== 'running') return
  try {
    const file = parseCsv(record.file)
    const terms = await csvTerms(ctx)
    const known = planMemory(file, await knownCategories(ctx.db))
    const staff: StaffPrincipal = {
      sessionId: `import:${id}`,
      customerId: record.actor_id,
      email: record.actor_email,
      role: 'owner',
    }
    let done = record.done_rows
    let outcome = JSON.parse(record.outcome ?? 'null') as ImportCounts
    // The catalogue's size when its planner statistics were last refreshed (as far as this run knows), and the
    // products created by then: an import that doubles the catalogue refreshes them (docs/decisions/0098).
    let statistics = { size: await catalogueSize(ctx.db), created: outcome?.create ?? 0 }
    while (done < file.rows.length) {
      if (shouldStop()) return
      const to = Math.min(done + CHUNK_ROWS, file.rows.length)
      outcome = await ctx.db
        .transaction()
        .execute((trx) =>
          importChunk({ ...ctx, db: trx }, { id, file, terms, known, staff }, done, to, outcome),
        )
      done = to
      const createdSince = outcome.create - statistics.created
      if (statisticsOutgrown(statistics.size, createdSince, CHUNK_ROWS)) {
        await refreshCatalogueStatistics(ctx).catch((error: unknown) =>
          ctx.log.warn({ err: error, importId: id }, 'planner statistics not refreshed during an import'),
        )
        statistics = { size: statistics.size + createdSince, created: outcome.create }
      }
      // SQLite's statements are synchronous: without a turn of the event loop between chunks the shop would
      // answer no request (a checkout, a stop signal) before the whole import is done; now one chunk at most.
      await new Promise((resolve) => setImmediate(resolve))
    }
    await setImportStatus(ctx.db, id, 'running', { status: 'done' })
  } catch (error) {
    if (error instanceof CheckpointMoved) return
    await setImportStatus(ctx.db, id, 'running', { status: 'failed', error: (error as Error).message })
    throw error
  }
}

interface Job {
  id: string
  file: CsvFile
  terms: CsvTerms
  known: PlanMemory
  staff: StaffPrincipal
}

async function importChunk(ctx: AppContext, job: Job, from: number, to: number, before: ImportCounts) {
  const db = ctx.db as Db
  const plans = await planRows(db, job.file, job.terms, { from, to }, job.known)
  const ids = new Map<RowPlan, string>()
  const fresh = newRecordIds(plans.length)
  for (const [i, plan] of plans.entries())
    if (!plan.product) continue
    else if (plan.action === 'create') ids.set(plan, fresh[i] as string)
    else if (plan.action === 'update' && plan.existing) ids.set(plan, plan.existing.id)
  const writes = [...ids].map(([plan, id]) => ({
    plan,
    id,
    product: plan.product as NonNullable<RowPlan['product']>,
  }))
  const stockChanged = await writeCatalogueRecords(
    db,
    {
      creates: writes
        .filter((w) => w.plan.action === 'create')
        .map(({ id, product }) => ({ ...product, id, stock: product.stock ?? 0 })),
      updates: writes
        .filter((w) => w.plan.action === 'update')
        .map(({ id, product }) => ({ ...product, id })),
      stocks: writes.flatMap(({ plan, id, product }) =>
        plan.action === 'update' &&
        plan.existing &&
        product.stock !== null &&
        product.stock !== plan.existing.stock
          ? [{ id, expected: plan.existing.stock, stock: product.stock }]
          : [],
      ),
    },
    new Date().toISOString(),
  )
  const written = writes.filter((w) => !stockChanged.has(w.id))
  const audits: AuditRecord[] = written.map(({ plan, id, product }) => ({
    entity: 'product',
    entityId: id,
    action: plan.action === 'create' ? 'create' : 'update',
    before: plan.existing ?? null,
    after: { ...product, id, source: `import:${job.id}` },
  }))
  const variants = await importVariantRows(db, plans, productIdsOf(plans, ids), `import:${job.id}`)
  await recordAudits(db, job.staff, [...audits, ...variants.audits])
  // The index holds names, descriptions, categories and what is published: a price or stock edit leaves it be.
  const searched = written.filter(
    (w) => w.plan.action === 'create' || w.plan.changes.some((c) => SEARCHED.test(c)),
  )
  if (searched.length > 0)
    await reindexProducts(
      ctx,
      searched.map((w) => w.id),
    )
  const outcome = { ...before }
  for (const plan of plans) {
    const refused =
      plan.action === 'refused' ||
      variants.refused.has(plan) ||
      (ids.has(plan) && stockChanged.has(ids.get(plan) as string))
    outcome.rows++
    outcome[refused ? 'refused' : plan.action]++
  }
  if (!(await advanceImport(db, job.id, from, to, JSON.stringify(outcome)))) throw new CheckpointMoved()
  return outcome
}

/** The chunk's products by SKU: the new ones with the ids just given, the others with their own. */
function productIdsOf(plans: readonly RowPlan[], ids: ReadonlyMap<RowPlan, string>) {
  const out = new Map<string, string>()
  for (const plan of plans)
    if (plan.product) {
      const id = ids.get(plan) ?? plan.existing?.id
      if (id) out.set(plan.product.sku, id)
    }
  return out
}
