import type { Kysely } from 'kysely'

/**
 * A shipping method's name per language of its site (docs/decisions/0062-staff-shipping.md): `names` is JSON
 * `{ "en": "Standard", "de": "Standardversand" }`; `name` stays the name in the site's default language, which
 * a language without a name falls back to (the demo's methods have only `name`). Parity rules of 0001 apply.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('shipping_methods')
    .addColumn('names', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('shipping_methods').dropColumn('names').execute()
}
