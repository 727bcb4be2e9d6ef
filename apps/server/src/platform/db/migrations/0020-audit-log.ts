import type { Kysely } from 'kysely'

/**
 * The audit log (docs/decisions/0045-audit-log.md): one row per back-office write, who (the staff member's id
 * and e-mail at the time), when, what (entity, id, action) and the entity before and after as JSON text.
 * Read newest first, all or per entity. Parity rules of 0001 apply.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('actor_email', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute()
  await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute()
  await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['entity', 'at', 'id']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute()
}
