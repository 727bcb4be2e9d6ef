import { z } from 'zod'
import { endpoint, errors, noContent, text } from './endpoint.ts'
import { CATALOGUE_STAFF_TAG } from './staff.ts'

/**
 * The back office's CSV import and export of the catalogue (docs/decisions/0053-catalogue-csv.md, 0054): the
 * export streams every product in the format the import reads; an upload is a dry run first (what each row would
 * create, change or why it is refused), then, at the staff member's word, an import in the background.
 */
const tags = ['owner', CATALOGUE_STAFF_TAG] as const

/** The largest CSV file taken (about 100,000 product rows). */
export const IMPORT_MAX_BYTES = 32 * 1024 * 1024

export const IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'refused'] as const
export const IMPORT_STATUSES = ['previewed', 'running', 'done', 'failed', 'cancelled'] as const

export const ImportProblemSchema = z.object({
  /** The CSV column at fault (`sku`, `name_de`, `price_EUR`…), or null for the row as a whole. */
  column: z.string().nullable(),
  message: z.string(),
})

export const ImportRowSchema = z
  .object({
    /** The line of the file (the header is line 1). */
    line: z.number().int(),
    sku: z.string(),
    action: z.enum(IMPORT_ACTIONS),
    /** The columns an update changes. */
    changes: z.array(z.string()),
    problems: z.array(ImportProblemSchema),
  })
  .meta({ id: 'ImportRow' })
export type ImportRow = z.infer<typeof ImportRowSchema>

export const ImportCountsSchema = z.object({
  rows: z.number().int(),
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
})
export type ImportCounts = z.infer<typeof ImportCountsSchema>

export const ImportJobSchema = z
  .object({
    id: z.string(),
    status: z.enum(IMPORT_STATUSES),
    created: z.string(),
    columns: z.array(z.string()),
    /** What the dry run found. */
    preview: ImportCountsSchema,
    /** Only the valid rows were (or are being) imported, at the staff member's choice. */
    validOnly: z.boolean(),
    progress: z.object({ done: z.number().int(), total: z.number().int() }),
    /** What the import did (while running: so far). */
    outcome: ImportCountsSchema.nullable(),
    error: z.string().nullable(),
    /** A page of the dry run's rows (all of them, or those of one action). */
    rows: z.array(ImportRowSchema),
    rowsTotal: z.number().int(),
    page: z.number().int(),
  })
  .meta({ id: 'ImportJob' })
export type ImportJob = z.infer<typeof ImportJobSchema>

export const ImportUploadSchema = z.object({ csv: z.string().min(1).max(IMPORT_MAX_BYTES) })

export const ImportQuerySchema = z.object({
  action: z.enum(IMPORT_ACTIONS).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
})
export type ImportQuery = z.infer<typeof ImportQuerySchema>

export const ImportStartSchema = z.object({
  /** Import the valid rows and leave the refused ones out; without it, a file with refused rows is not imported. */
  validOnly: z.boolean().default(false),
})

const ImportParamsSchema = z.object({ importId: z.string().min(1).max(64) })

export const backofficeImportApi = {
  exportCatalogue: endpoint({
    method: 'GET',
    path: '/api/owner/catalogue/export',
    tags,
    security: 'bearer',
    responses: {
      200: text('text/csv', 'Every product, one row each, in the format the import reads'),
      ...errors(401, 403),
    },
  }),
  /** The dry run: nothing is written to the catalogue. 400 for a file that is not the format (a column named). */
  uploadImport: endpoint({
    method: 'POST',
    path: '/api/owner/catalogue/imports',
    tags,
    security: 'bearer',
    body: ImportUploadSchema,
    query: ImportQuerySchema,
    responses: { 201: ImportJobSchema, ...errors(400, 401, 403) },
  }),
  importJob: endpoint({
    method: 'GET',
    path: '/api/owner/catalogue/imports/:importId',
    tags,
    security: 'bearer',
    params: ImportParamsSchema,
    query: ImportQuerySchema,
    responses: { 200: ImportJobSchema, ...errors(400, 401, 403, 404) },
  }),
  /** 409 refused_rows (naming them) when the dry run refused rows and `validOnly` is not set; 409 not_previewed. */
  startImport: endpoint({
    method: 'POST',
    path: '/api/owner/catalogue/imports/:importId/start',
    tags,
    security: 'bearer',
    params: ImportParamsSchema,
    body: ImportStartSchema,
    responses: { 202: ImportJobSchema, ...errors(400, 401, 403, 404, 409) },
  }),
  /** Throws a dry run away (409 once its import has started). */
  cancelImport: endpoint({
    method: 'DELETE',
    path: '/api/owner/catalogue/imports/:importId',
    tags,
    security: 'bearer',
    params: ImportParamsSchema,
    responses: { 204: noContent('The dry run is thrown away'), ...errors(400, 401, 403, 404, 409) },
  }),
}
