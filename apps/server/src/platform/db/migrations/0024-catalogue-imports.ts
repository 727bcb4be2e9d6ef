import type { Kysely } from 'kysely'

/**
 * The back office's CSV imports (docs/decisions/0053-catalogue-csv.md): one row per uploaded file, with the file
 * itself, the dry run's outcome and the checkpoint (rows done) a restarted server resumes from. Parity rules of
 * 0001 apply.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('catalogue_imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('actor_email', 'text', (c) => c.notNull())
    // previewed → running → done | failed; cancelled (a preview thrown away)
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('total_rows', 'integer', (c) => c.notNull())
    .addColumn('done_rows', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('valid_only', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON: the dry run's counts and its rows (what each would do, or why it is refused)
    .addColumn('preview', 'text', (c) => c.notNull())
    // JSON: counts of what the import did
    .addColumn('outcome', 'text')
    .addColumn('error', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('catalogue_imports_status')
    .on('catalogue_imports')
    .columns(['status'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('catalogue_imports').execute()
}
