import { type Kysely, SqliteAdapter, sql } from 'kysely'

/**
 * Uploaded images (docs/decisions/0047-uploaded-images.md): every size and format of every upload, bytes and all,
 * in the database, so every process of a shop serves every image and a backup of the database holds them. One
 * row per file: the upload's content-addressed id, the width and format, the bytes (BLOB / bytea).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter
  await db.schema
    .createTable('media_files')
    .addColumn('media_id', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('bytes', sqlite ? 'blob' : sql`bytea`, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('media_files_pk', ['media_id', 'width', 'format'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('media_files').execute()
}
