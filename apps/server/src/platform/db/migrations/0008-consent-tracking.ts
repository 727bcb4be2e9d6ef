import type { Kysely } from 'kysely'

/**
 * Consent and tracking (issue 6, docs/decisions/0010): consent references the storefront creates when a
 * shopper accepts tracking, and the events sent with one. An event's key is its reference plus the id the
 * browser gave it, so a resent event is stored once. Deleting a reference deletes its events.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('consent_references')
    .addColumn('id', 'text', (c) => c.primaryKey())
    /** JSON array of purposes, e.g. ["tracking"]. */
    .addColumn('purposes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('consent_references_expires')
    .on('consent_references')
    .column('expires_at')
    .execute()

  await db.schema
    .createTable('tracking_events')
    .addColumn('consent_reference_id', 'text', (c) =>
      c.notNull().references('consent_references.id').onDelete('cascade'),
    )
    .addColumn('event_id', 'text', (c) => c.notNull())
    /** pageView | addToCart */
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('path', 'text')
    .addColumn('product_id', 'text')
    .addColumn('variant_id', 'text')
    .addColumn('quantity', 'integer')
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tracking_events_pk', ['consent_reference_id', 'event_id'])
    .execute()
  await db.schema
    .createIndex('tracking_events_received')
    .on('tracking_events')
    .column('received_at')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tracking_events').execute()
  await db.schema.dropTable('consent_references').execute()
}
