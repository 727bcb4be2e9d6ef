import type { StaffShippingMethodInput, StaffShippingZoneInput } from '@shop/contracts/backoffice-shipping'
import type { StaffPrincipal } from '../../platform/auth/staff.ts'
import type { Db } from '../../platform/db/database.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { type AuditRecord, recordAudit } from '../audit/audit.service.ts'
import {
  createStaffMethod,
  createStaffZone,
  deleteStaffMethod,
  deleteStaffZone,
  readStaffShipping,
  updateStaffMethod,
  updateStaffZone,
} from '../shipping/staff-shipping.service.ts'

/**
 * The owner's shipping calls (docs/decisions/0062-staff-shipping.md): each write is one transaction, the shipping
 * module's change (with its `settings` cache bump) and the audit entry (entity `shipping_zone` or
 * `shipping_method`), so a refused write leaves neither.
 */
async function audited<T>(
  ctx: AppContext,
  staff: StaffPrincipal,
  write: (trx: Db) => Promise<{ result: T; audit: AuditRecord }>,
): Promise<T> {
  return ctx.db.transaction().execute(async (trx) => {
    const { result, audit } = await write(trx)
    await recordAudit(trx, staff, audit)
    return result
  })
}

export const shipping = (ctx: AppContext, code: string) => readStaffShipping(ctx.db, code)

export const createZone = (
  ctx: AppContext,
  staff: StaffPrincipal,
  code: string,
  input: StaffShippingZoneInput,
) =>
  audited(ctx, staff, async (trx) => {
    const zone = await createStaffZone(trx, code, input)
    const after = { site: zone.site, name: zone.name, countries: zone.countries }
    return {
      result: zone,
      audit: { entity: 'shipping_zone', entityId: zone.id, action: 'create', before: null, after },
    }
  })

export const updateZone = (
  ctx: AppContext,
  staff: StaffPrincipal,
  zoneId: string,
  input: StaffShippingZoneInput,
) =>
  audited(ctx, staff, async (trx) => {
    const { before, after, zone } = await updateStaffZone(trx, zoneId, input)
    return {
      result: zone,
      audit: { entity: 'shipping_zone', entityId: zoneId, action: 'update', before, after },
    }
  })

export const deleteZone = (ctx: AppContext, staff: StaffPrincipal, zoneId: string) =>
  audited(ctx, staff, async (trx) => {
    const { before } = await deleteStaffZone(trx, zoneId)
    return {
      result: undefined,
      audit: { entity: 'shipping_zone', entityId: zoneId, action: 'delete', before, after: null },
    }
  })

export const createMethod = (
  ctx: AppContext,
  staff: StaffPrincipal,
  zoneId: string,
  input: StaffShippingMethodInput,
) =>
  audited(ctx, staff, async (trx) => {
    const method = await createStaffMethod(trx, zoneId, input)
    return {
      result: method,
      audit: {
        entity: 'shipping_method',
        entityId: method.id,
        action: 'create',
        before: null,
        after: method,
      },
    }
  })

export const updateMethod = (
  ctx: AppContext,
  staff: StaffPrincipal,
  zoneId: string,
  methodId: string,
  input: StaffShippingMethodInput,
) =>
  audited(ctx, staff, async (trx) => {
    const { before, after } = await updateStaffMethod(trx, zoneId, methodId, input)
    return {
      result: after,
      audit: { entity: 'shipping_method', entityId: methodId, action: 'update', before, after },
    }
  })

export const deleteMethod = (ctx: AppContext, staff: StaffPrincipal, zoneId: string, methodId: string) =>
  audited(ctx, staff, async (trx) => {
    const { before } = await deleteStaffMethod(trx, zoneId, methodId)
    return {
      result: undefined,
      audit: { entity: 'shipping_method', entityId: methodId, action: 'delete', before, after: null },
    }
  })
