import type {
  StaffProductCreate,
  StaffProductInput,
  StaffProductListQuery,
  StaffStock,
} from '@shop/contracts/backoffice'
import type { StaffPrincipal } from '../../platform/auth/staff.ts'
import type { Db } from '../../platform/db/database.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { type AuditRecord, recordAudit } from '../audit/audit.service.ts'
import { removeProductFromCarts } from '../cart/cart.service.ts'
import {
  changeStaffStock,
  createStaffProduct,
  deleteStaffProduct,
  getStaffProduct,
  listStaffProducts,
  type ShopTerms,
  updateStaffProduct,
} from '../catalogue/staff-product.service.ts'
import { reindexProducts } from '../search/search.service.ts'
import { listSites } from '../site/site.service.ts'

/**
 * The back office's product work (docs/decisions/0043-staff-product-api.md): each write is one transaction
 * (the catalogue's change, its cache version bump, the audit entry); the search index follows right after the
 * commit (its own transaction), before the answer goes back.
 */
async function shopTerms(ctx: AppContext): Promise<ShopTerms & { defaultCurrency: string }> {
  const sites = await listSites(ctx)
  const currencies = [...new Set(sites.map((s) => s.currency))]
  return {
    languages: [...new Set(sites.flatMap((s) => s.languages))],
    currencies,
    defaultCurrency: sites.find((s) => s.default)?.currency ?? currencies[0] ?? 'USD',
  }
}

async function audited<T>(
  ctx: AppContext,
  staff: StaffPrincipal,
  write: (trx: Db) => Promise<{ result: T; audit: AuditRecord }>,
  options: { reindex: boolean } = { reindex: true },
): Promise<T> {
  const { result, audit } = await ctx.db.transaction().execute(async (trx) => {
    const done = await write(trx)
    await recordAudit(trx, staff, done.audit)
    return done
  })
  // The search index holds names and descriptions, not stock: a stock edit leaves it alone.
  if (options.reindex) await reindexProducts(ctx, [audit.entityId])
  return result
}

export async function staffProducts(ctx: AppContext, query: StaffProductListQuery) {
  const currency = query.currency ?? (await shopTerms(ctx)).defaultCurrency
  return listStaffProducts(ctx.db, { ...query, currency })
}

export const staffProduct = (ctx: AppContext, id: string) => getStaffProduct(ctx.db, id)

export async function createProduct(ctx: AppContext, staff: StaffPrincipal, input: StaffProductCreate) {
  const terms = await shopTerms(ctx)
  return audited(ctx, staff, async (trx) => {
    const after = await createStaffProduct(trx, input, terms)
    return {
      result: after,
      audit: { entity: 'product', entityId: after.id, action: 'create', before: null, after },
    }
  })
}

export async function updateProduct(
  ctx: AppContext,
  staff: StaffPrincipal,
  id: string,
  input: StaffProductInput,
) {
  const terms = await shopTerms(ctx)
  return audited(ctx, staff, async (trx) => {
    const { before, after } = await updateStaffProduct(trx, id, input, terms)
    return { result: after, audit: { entity: 'product', entityId: id, action: 'update', before, after } }
  })
}

export async function changeStock(ctx: AppContext, staff: StaffPrincipal, id: string, change: StaffStock) {
  return audited(
    ctx,
    staff,
    async (trx) => {
      const { before, after } = await changeStaffStock(trx, id, change)
      return {
        result: after,
        audit: {
          entity: 'product',
          entityId: id,
          action: 'stock',
          before: { stock: before.stock },
          after: { stock: after.stock },
        },
      }
    },
    { reindex: false },
  )
}

export async function deleteProduct(ctx: AppContext, staff: StaffPrincipal, id: string) {
  await audited(ctx, staff, async (trx) => {
    await removeProductFromCarts(trx, id)
    const before = await deleteStaffProduct(trx, id)
    return {
      result: undefined,
      audit: { entity: 'product', entityId: id, action: 'delete', before, after: null },
    }
  })
}
