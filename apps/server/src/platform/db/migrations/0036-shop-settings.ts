import type { Kysely } from 'kysely'

/**
 * The shop's own settings (docs/decisions/0067-staff-sites-and-tax.md), one row per setting the owner has set:
 * `contact_phone`, `mail_from_name`, `mail_from_address`, `logo_url`, `icon_url`. A setting without a row has
 * its default (the placeholder phone, MAIL_FROM, the built-in logo). Parity rules of 0001 apply.
 * `carts_site`: whether any cart uses a site, asked before its currency may change, without reading every cart.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shop_settings')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('carts_site').on('carts').column('site_code').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('carts_site').execute()
  await db.schema.dropTable('shop_settings').execute()
}
