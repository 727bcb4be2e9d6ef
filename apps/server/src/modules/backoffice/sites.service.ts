import type {
  ShopSettings,
  ShopSettingsInput,
  StaffNewSiteValues,
  StaffSiteValues,
} from '@shop/contracts/backoffice-sites'
import type { StaffPrincipal } from '../../platform/auth/staff.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { recordAudit } from '../audit/audit.service.ts'
import {
  DEFAULT_CONTACT_PHONE,
  readShopSettings,
  type StoredShopSettings,
  writeShopSettings,
} from '../site/shop-settings.service.ts'
import { paymentChoices } from '../site/site.service.ts'
import { auditedSite, createStaffSite, listStaffSites, updateStaffSite } from '../site/staff-site.service.ts'

/**
 * The owner's sites and shop settings (docs/decisions/0067-staff-sites-and-tax.md): each write is one
 * transaction, the site module's change (with its `settings` cache bump) and the audit entry (entity `site` or
 * `shop_settings`), so a refused write leaves neither.
 */
export const sites = (ctx: AppContext) => listStaffSites(ctx.db, paymentChoices(ctx))

export const createSite = (ctx: AppContext, staff: StaffPrincipal, input: StaffNewSiteValues) =>
  ctx.db.transaction().execute(async (trx) => {
    const site = await createStaffSite(trx, input, paymentChoices(ctx))
    await recordAudit(trx, staff, {
      entity: 'site_settings',
      entityId: site.code,
      action: 'create',
      before: null,
      after: auditedSite(site),
    })
    return site
  })

export const updateSite = (ctx: AppContext, staff: StaffPrincipal, code: string, input: StaffSiteValues) =>
  ctx.db.transaction().execute(async (trx) => {
    const { before, after } = await updateStaffSite(trx, code, input, paymentChoices(ctx))
    await recordAudit(trx, staff, {
      entity: 'site_settings',
      entityId: code,
      action: 'update',
      before: auditedSite(before),
      after: auditedSite(after),
    })
    return after
  })

const withDefaults = (ctx: AppContext, stored: StoredShopSettings): ShopSettings => ({
  ...stored,
  defaults: { contactPhone: DEFAULT_CONTACT_PHONE, mailFrom: ctx.config.mailFrom },
})

export const shopSettings = async (ctx: AppContext) => withDefaults(ctx, await readShopSettings(ctx.db))

export const updateShopSettings = async (ctx: AppContext, staff: StaffPrincipal, input: ShopSettingsInput) =>
  withDefaults(
    ctx,
    await ctx.db.transaction().execute(async (trx) => {
      const { before, after } = await writeShopSettings(trx, input)
      await recordAudit(trx, staff, {
        entity: 'shop_settings',
        entityId: 'shop',
        action: 'update',
        before,
        after,
      })
      return after
    }),
  )
