import type { StaffCategoryCreate, StaffCategoryPlace } from '@shop/contracts/backoffice-categories'
import type { StaffPrincipal } from '../../platform/auth/staff.ts'
import type { Db } from '../../platform/db/database.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { type AuditRecord, recordAudit } from '../audit/audit.service.ts'
import {
  assignStaffProduct,
  createStaffCategory,
  deleteStaffCategory,
  placeStaffCategory,
  publishStaffCategory,
  renameStaffCategory,
  staffCategoryProducts,
  staffCategoryTree,
  staffProductCategories,
  unassignStaffProduct,
} from '../catalogue/staff-category.service.ts'
import { reindexProducts } from '../search/search.service.ts'
import { listSites } from '../site/site.service.ts'

/** Products reindexed per search transaction after a category write, so a big category never holds one long lock. */
export const REINDEX_BATCH = 500

/**
 * The back office's category work (docs/decisions/0049-staff-categories.md): each write is one transaction (the
 * catalogue's change with its cache version bump, the audit entry); after the commit the search documents of
 * the products whose category names, parents or publication changed are rebuilt, in batches.
 */
async function siteLanguages(ctx: AppContext): Promise<string[]> {
  return [...new Set((await listSites(ctx)).flatMap((s) => s.languages))]
}

async function audited<T>(
  ctx: AppContext,
  staff: StaffPrincipal,
  write: (trx: Db) => Promise<{ result: T; audit: AuditRecord; reindex: string[] }>,
): Promise<T> {
  const { result, reindex } = await ctx.db.transaction().execute(async (trx) => {
    const done = await write(trx)
    await recordAudit(trx, staff, done.audit)
    return done
  })
  for (let i = 0; i < reindex.length; i += REINDEX_BATCH)
    await reindexProducts(ctx, reindex.slice(i, i + REINDEX_BATCH))
  return result
}

const category = (entityId: string, action: AuditRecord['action'], before: unknown, after: unknown) => ({
  entity: 'category',
  entityId,
  action,
  before,
  after,
})

export async function categoryTree(ctx: AppContext) {
  return staffCategoryTree(ctx.db, await siteLanguages(ctx))
}

export async function createCategory(ctx: AppContext, staff: StaffPrincipal, input: StaffCategoryCreate) {
  const languages = await siteLanguages(ctx)
  return audited(ctx, staff, async (trx) => {
    const after = await createStaffCategory(trx, input, languages)
    return { result: after, audit: category(after.id, 'create', null, after), reindex: [] }
  })
}

export async function renameCategory(
  ctx: AppContext,
  staff: StaffPrincipal,
  id: string,
  texts: StaffCategoryCreate['texts'],
) {
  const languages = await siteLanguages(ctx)
  return audited(ctx, staff, async (trx) => {
    const { before, after, reindex } = await renameStaffCategory(trx, id, texts, languages)
    return { result: after, audit: category(id, 'update', before, after), reindex }
  })
}

export async function placeCategory(
  ctx: AppContext,
  staff: StaffPrincipal,
  id: string,
  place: StaffCategoryPlace,
) {
  return audited(ctx, staff, async (trx) => {
    const { before, after, reindex } = await placeStaffCategory(trx, id, place)
    return { result: after, audit: category(id, 'update', before, after), reindex }
  })
}

export async function publishCategory(
  ctx: AppContext,
  staff: StaffPrincipal,
  id: string,
  published: boolean,
) {
  return audited(ctx, staff, async (trx) => {
    const { before, after, reindex } = await publishStaffCategory(trx, id, published)
    return { result: after, audit: category(id, 'update', before, after), reindex }
  })
}

export async function deleteCategory(ctx: AppContext, staff: StaffPrincipal, id: string) {
  await audited(ctx, staff, async (trx) => {
    const { before, reindex } = await deleteStaffCategory(trx, id)
    return { result: undefined, audit: category(id, 'delete', before, null), reindex }
  })
}

export const categoryProducts = (
  ctx: AppContext,
  id: string,
  query: { language: string; page: number; pageSize: number },
) => staffCategoryProducts(ctx.db, id, query)

export const productCategories = (ctx: AppContext, productId: string, language: string) =>
  staffProductCategories(ctx.db, productId, language)

export async function assignProduct(
  ctx: AppContext,
  staff: StaffPrincipal,
  categoryId: string,
  productId: string,
  position?: number,
) {
  await audited(ctx, staff, async (trx) => {
    const { before, after, reindex } = await assignStaffProduct(trx, categoryId, productId, position)
    return {
      result: undefined,
      audit: category(categoryId, 'update', { product: before }, { product: after }),
      reindex,
    }
  })
}

export async function unassignProduct(
  ctx: AppContext,
  staff: StaffPrincipal,
  categoryId: string,
  productId: string,
) {
  await audited(ctx, staff, async (trx) => {
    const { before, reindex } = await unassignStaffProduct(trx, categoryId, productId)
    return {
      result: undefined,
      audit: category(categoryId, 'update', { product: before }, { product: null }),
      reindex,
    }
  })
}
