import type { ShopWindowInput } from '@shop/contracts/backoffice-window'
import type { StaffPrincipal } from '../../platform/auth/staff.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { recordAudit } from '../audit/audit.service.ts'
import { readShopWindow, replaceShopWindow } from '../site/shop-window.service.ts'

/** The owner's shop-window calls: a replace is one transaction (the site's write, its cache bump, the audit). */
export const shopWindow = (ctx: AppContext, code: string) => readShopWindow(ctx.db, code)

export async function replaceWindow(
  ctx: AppContext,
  staff: StaffPrincipal,
  code: string,
  input: ShopWindowInput,
) {
  await ctx.db.transaction().execute(async (trx) => {
    const { before, after } = await replaceShopWindow(trx, code, input)
    await recordAudit(trx, staff, { entity: 'site', entityId: code, action: 'update', before, after })
  })
  return readShopWindow(ctx.db, code)
}
