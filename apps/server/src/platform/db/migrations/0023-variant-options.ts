import { type Kysely, sql } from 'kysely'

/**
 * Options, units and per-site tax codes of a product as the back office edits them
 * (docs/decisions/0051-staff-variants.md): `options` the ordered option keys and their values (JSON, `[]` for a
 * product without variants or one whose options come from its variants alone, as the demo's), `tax_codes` a tax
 * code per site code (JSON; a site left out uses `tax_code`), `unit_code`/`unit_quantity` the measurement unit
 * every price row of the product carries (filled in from the prices that have one). Parity rules of 0001 apply.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute()
  await db.schema
    .alterTable('products')
    .addColumn('tax_codes', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute()
  await db.schema.alterTable('products').addColumn('unit_code', 'text').execute()
  await db.schema.alterTable('products').addColumn('unit_quantity', 'integer').execute()
  await sql`update products set
      unit_code = (select max(p.unit_code) from prices p where p.product_id = products.id),
      unit_quantity = (select max(p.unit_quantity) from prices p where p.product_id = products.id)`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['unit_quantity', 'unit_code', 'tax_codes', 'options'])
    await db.schema.alterTable('products').dropColumn(column).execute()
}
