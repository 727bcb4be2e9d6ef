import { randomUUID } from 'node:crypto'
import type { ImportCounts, ImportJob, ImportQuery, ImportRow } from '@shop/contracts/backoffice-import'
import type { FastifyInstance } from 'fastify'
import type { StaffPrincipal } from '../../platform/auth/staff.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts'
import { parseCsv } from './csv-file.ts'
import { headerProblems } from './csv-format.rules.ts'
import {
  deleteImport,
  findImportIdsByStatus,
  findImportSummary,
  type ImportRecord,
  type ImportSummary,
  insertImport,
  setImportStatus,
} from './import.repository.ts'
import { CHUNK_ROWS, csvTerms, knownCategories, planMemory, planRows } from './import-plan.ts'
import { runImport } from './import-run.ts'

export { exportCatalogueCsv } from './export.ts'

/**
 * The CSV import (docs/decisions/0053-catalogue-csv.md, 0054-resumable-import.md): an upload is a dry run that
 * writes nothing but the import's own row (the file and what each line would do); the import proper runs in
 * the background in chunks, each one transaction with its checkpoint, and resumes after a restart.
 */
interface Preview {
  columns: string[]
  counts: ImportCounts
  rows: ImportRow[]
}

export const emptyCounts = (): ImportCounts => ({ rows: 0, create: 0, update: 0, unchanged: 0, refused: 0 })

export async function previewImport(ctx: AppContext, staff: StaffPrincipal, csv: string, query: ImportQuery) {
  const file = parseCsv(csv)
  const terms = await csvTerms(ctx)
  const problems = headerProblems(file.header, terms)
  if (problems.length > 0)
    throw badRequest(
      'csv_columns',
      problems.map((p) => p.message).join('; '),
      problems.map((p) => ({ field: `csv.${p.column}`, type: 'column', message: p.message })),
    )
  const known = planMemory(file, await knownCategories(ctx.db))
  const counts = emptyCounts()
  const rows: ImportRow[] = []
  for (let from = 0; from < file.rows.length; from += CHUNK_ROWS)
    for (const plan of await planRows(ctx.db, file, terms, { from, to: from + CHUNK_ROWS }, known)) {
      counts.rows++
      counts[plan.action]++
      rows.push({
        line: plan.line,
        sku: plan.sku,
        action: plan.action,
        changes: plan.changes,
        problems: plan.problems,
      })
    }
  const now = new Date().toISOString()
  const record: ImportRecord = {
    id: randomUUID(),
    created_at: now,
    actor_id: staff.customerId,
    actor_email: staff.email,
    status: 'previewed',
    file: csv,
    total_rows: file.rows.length,
    done_rows: 0,
    valid_only: 0,
    preview: JSON.stringify({ columns: file.header, counts, rows } satisfies Preview),
    outcome: null,
    error: null,
    updated_at: now,
  }
  await insertImport(ctx.db, record)
  return view(record, query)
}

function view(record: ImportSummary, query: ImportQuery): ImportJob {
  const preview = JSON.parse(record.preview) as Preview
  const rows = query.action ? preview.rows.filter((r) => r.action === query.action) : preview.rows
  const start = (query.page - 1) * query.pageSize
  return {
    id: record.id,
    status: record.status as ImportJob['status'],
    created: record.created_at,
    columns: preview.columns,
    preview: preview.counts,
    validOnly: record.valid_only === 1,
    progress: { done: record.done_rows, total: record.total_rows },
    outcome: record.outcome ? (JSON.parse(record.outcome) as ImportCounts) : null,
    error: record.error,
    rows: rows.slice(start, start + query.pageSize),
    rowsTotal: rows.length,
    page: query.page,
  }
}

async function found(ctx: AppContext, id: string) {
  const record = await findImportSummary(ctx.db, id)
  if (!record) throw notFound('Import', id)
  return record
}

export const importJob = async (ctx: AppContext, id: string, query: ImportQuery) =>
  view(await found(ctx, id), query)

/**
 * Starts the import of a dry run. Refused rows stop it (409 refused_rows, naming them) unless the staff member
 * chose to import the valid rows only; nothing is written before that choice.
 */
export async function startImport(ctx: AppContext, id: string, validOnly: boolean, query: ImportQuery) {
  const record = await found(ctx, id)
  if (record.status !== 'previewed') throw conflict('not_previewed', `This import is ${record.status}`)
  const preview = JSON.parse(record.preview) as Preview
  const refused = preview.rows.filter((r) => r.action === 'refused')
  if (refused.length > 0 && !validOnly)
    throw conflict(
      'refused_rows',
      `${refused.length} rows are refused (lines ${refused
        .slice(0, 20)
        .map((r) => r.line)
        .join(', ')}${refused.length > 20 ? ', …' : ''}): fix the file, or import the valid rows only`,
      refused.slice(0, 100).map((r) => ({
        field: `line.${r.line}`,
        type: 'refused',
        message: r.problems.map((p) => (p.column ? `${p.column}: ${p.message}` : p.message)).join('; '),
      })),
    )
  const outcome = JSON.stringify(emptyCounts())
  if (
    !(await setImportStatus(ctx.db, id, 'previewed', {
      status: 'running',
      valid_only: validOnly ? 1 : 0,
      outcome,
    }))
  )
    throw conflict('not_previewed', 'This import has started already')
  launch(ctx, id)
  return view(await found(ctx, id), query)
}

export async function cancelImport(ctx: AppContext, id: string) {
  const record = await found(ctx, id)
  if (record.status === 'running') throw conflict('import_running', 'This import is running')
  await deleteImport(ctx.db, id)
}

const running = new Map<string, Promise<void>>()
const stopping = new WeakSet<AppContext>()

/** Runs an import in the background of this process (once per process; a second process is kept out by the checkpoint). */
function launch(ctx: AppContext, id: string) {
  if (running.has(id)) return
  const run = runImport(ctx, id, () => stopping.has(ctx))
    .catch((error: unknown) => ctx.log.error({ err: error, importId: id }, 'catalogue import failed'))
    .finally(() => running.delete(id))
  running.set(id, run)
}

/** At start-up, every import left running by a process that stopped resumes from its checkpoint; a stop waits for the chunk in hand. */
export function resumeImports(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onReady', async () => {
    for (const id of await findImportIdsByStatus(ctx.db, 'running')) launch(ctx, id)
  })
  app.addHook('onClose', async () => {
    stopping.add(ctx)
    await Promise.all([...running.values()])
  })
}
