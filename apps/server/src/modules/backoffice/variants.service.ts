import type { StaffStock } from '@shop/contracts/backoffice'
import type {
  StaffCommerce,
  StaffGridQuery,
  StaffGridSave,
  StaffOptionsInput,
  StaffVariantInput,
} from '@shop/contracts/backoffice-variants'
import type { StaffPrincipal } from '../../platform/auth/staff.ts'
import type { Db } from '../../platform/db/database.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { type AuditRecord, recordAudit } from '../audit/audit.service.ts'
import { removeVariantsFromCarts } from '../cart/cart.service.ts'
import { getStaffCommerce, setStaffCommerce } from '../catalogue/staff-commerce.service.ts'
import { saveStaffGrid, staffGrid } from '../catalogue/staff-grid.service.ts'
import {
  changeVariantStock,
  getStaffVariants,
  setStaffOptions,
  updateStaffVariant,
} from '../catalogue/staff-variant.service.ts'
import { listSites } from '../site/site.service.ts'

/**
 * Options, variants, commerce terms and the price/stock grid (docs/decisions/0051 and 0052): each write is one
 * transaction with its cache bump and audit entry; search is left alone: no call here changes
 * what it indexes (product names, descriptions, categories, publication; variant names are not indexed).
 */
async function audited<T>(
  ctx: AppContext,
  staff: StaffPrincipal,
  write: (trx: Db) => Promise<{ result: T; audit: AuditRecord | AuditRecord[] }>,
): Promise<T> {
  const { result } = await ctx.db.transaction().execute(async (trx) => {
    const done = await write(trx)
    for (const record of [done.audit].flat()) await recordAudit(trx, staff, record)
    return done
  })
  return result
}

async function siteCurrencies(ctx: AppContext) {
  const sites = await listSites(ctx)
  return Object.fromEntries(sites.map((s) => [s.code, s.currency]))
}

export const staffVariants = (ctx: AppContext, productId: string) => getStaffVariants(ctx.db, productId)

export const setOptions = (
  ctx: AppContext,
  staff: StaffPrincipal,
  productId: string,
  input: StaffOptionsInput,
) =>
  audited(ctx, staff, async (trx) => {
    const { before, after } = await setStaffOptions(trx, productId, input, (ids) =>
      removeVariantsFromCarts(trx, ids),
    )
    const audit: AuditRecord = { entity: 'product', entityId: productId, action: 'update', before, after }
    return { result: after, audit }
  })

export const updateVariant = (
  ctx: AppContext,
  staff: StaffPrincipal,
  productId: string,
  variantId: string,
  input: StaffVariantInput,
) =>
  audited(ctx, staff, async (trx) => {
    const { before, after } = await updateStaffVariant(trx, productId, variantId, input)
    const saved = after.variants.find((v) => v.id === variantId) ?? null
    return {
      result: after,
      audit: { entity: 'variant', entityId: variantId, action: 'update', before, after: saved },
    }
  })

export const variantStock = (
  ctx: AppContext,
  staff: StaffPrincipal,
  productId: string,
  variantId: string,
  change: StaffStock,
) =>
  audited(ctx, staff, async (trx) => {
    const { before, after, stock } = await changeVariantStock(trx, productId, variantId, change)
    const audit: AuditRecord = {
      entity: 'variant',
      entityId: variantId,
      action: 'stock',
      before: { stock: before },
      after: { stock },
    }
    return { result: after, audit }
  })

export const commerce = (ctx: AppContext, productId: string) => getStaffCommerce(ctx.db, productId)

export async function updateCommerce(
  ctx: AppContext,
  staff: StaffPrincipal,
  productId: string,
  input: StaffCommerce,
) {
  const currencies = await siteCurrencies(ctx)
  return audited(ctx, staff, async (trx) => {
    const { before, after } = await setStaffCommerce(trx, productId, input, currencies)
    return {
      result: after,
      audit: { entity: 'product', entityId: productId, action: 'update', before, after },
    }
  })
}

export async function grid(ctx: AppContext, query: StaffGridQuery) {
  const currencies = [...new Set(Object.values(await siteCurrencies(ctx)))]
  return staffGrid(ctx.db, query, { currencies, language: query.language })
}

export async function saveGrid(ctx: AppContext, staff: StaffPrincipal, save: StaffGridSave) {
  const currencies = [...new Set(Object.values(await siteCurrencies(ctx)))]
  return audited(ctx, staff, async (trx) => {
    const result = await saveStaffGrid(trx, save, currencies)
    const audit = save.rows.map(
      (row): AuditRecord => ({
        entity: row.variantId ? 'variant' : 'product',
        entityId: row.variantId ?? row.productId,
        action: row.stock ? 'stock' : 'update',
        before: null,
        after: row,
      }),
    )
    return { result, audit }
  })
}
