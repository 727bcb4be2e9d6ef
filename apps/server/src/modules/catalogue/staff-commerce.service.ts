import { randomUUID } from 'node:crypto'
import type { StaffCommerce } from '@shop/contracts/backoffice-variants'
import type { Db } from '../../platform/db/database.ts'
import { badRequest, notFound } from '../../platform/http/errors.ts'
import { invalidateCatalogue } from './stock.service.ts'

/**
 * A product's measurement unit, tax code per site and per-item fees (docs/decisions/0051-staff-variants.md).
 * The unit lives on the product and on each of its price rows (the pricing module reads it there).
 */
export async function getStaffCommerce(db: Db, productId: string): Promise<StaffCommerce> {
  const product = await db
    .selectFrom('products')
    .select(['unit_code', 'unit_quantity', 'tax_codes'])
    .where('id', '=', productId)
    .executeTakeFirst()
  if (!product) throw notFound('Product', productId)
  const fees = await db
    .selectFrom('item_fees')
    .select(['site_code', 'name', 'fee_type', 'amount_minor'])
    .where('product_id', '=', productId)
    .orderBy('site_code')
    .orderBy('name')
    .execute()
  return {
    unit: product.unit_code ? { code: product.unit_code, quantity: product.unit_quantity ?? 1 } : null,
    taxCodes: JSON.parse(product.tax_codes) as Record<string, string>,
    fees: fees.map((f) => ({
      siteCode: f.site_code,
      name: f.name,
      type: f.fee_type as StaffCommerce['fees'][number]['type'],
      amountMinor: f.amount_minor,
    })),
  }
}

/** Replaces all three; `currencies` is each site's currency (a fee is in its site's). */
export async function setStaffCommerce(
  db: Db,
  productId: string,
  input: StaffCommerce,
  currencies: Record<string, string>,
) {
  const before = await getStaffCommerce(db, productId)
  const problems = [
    ...Object.keys(input.taxCodes)
      .filter((site) => !(site in currencies))
      .map((site) => ({ field: `body.taxCodes.${site}`, type: 'unknown', message: `No site ${site}` })),
    ...input.fees.flatMap((fee, i) =>
      fee.siteCode in currencies
        ? []
        : [{ field: `body.fees.${i}.siteCode`, type: 'unknown', message: `No site ${fee.siteCode}` }],
    ),
  ]
  if (problems.length) throw badRequest('validation_failed', 'The product is not valid', problems)
  const unit = { unit_code: input.unit?.code ?? null, unit_quantity: input.unit?.quantity ?? null }
  await db
    .updateTable('products')
    .set({ ...unit, tax_codes: JSON.stringify(input.taxCodes) })
    .where('id', '=', productId)
    .execute()
  await db.updateTable('prices').set(unit).where('product_id', '=', productId).execute()
  await db.deleteFrom('item_fees').where('product_id', '=', productId).execute()
  if (input.fees.length)
    await db
      .insertInto('item_fees')
      .values(
        input.fees.map((f) => ({
          id: randomUUID(),
          product_id: productId,
          site_code: f.siteCode,
          name: f.name,
          fee_type: f.type,
          amount_minor: f.amountMinor,
          currency: currencies[f.siteCode] as string,
        })),
      )
      .execute()
  await invalidateCatalogue(db)
  return { before, after: await getStaffCommerce(db, productId) }
}
