import type {
  StaffCoupon,
  StaffCouponCreateValues,
  StaffCouponList,
  StaffCouponValues,
} from '@shop/contracts/backoffice-coupons'
import type { StaffPrincipal } from '../../platform/auth/staff.ts'
import type { Db } from '../../platform/db/database.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { badRequest } from '../../platform/http/errors.ts'
import { type AuditRecord, recordAudit } from '../audit/audit.service.ts'
import {
  type CouponWrite,
  couponProblems,
  createStaffCoupon,
  deleteStaffCoupon,
  listStaffCoupons,
  normalise,
  readStaffCoupon,
  type StaffCouponRecord,
  unknownCustomers,
  updateStaffCoupon,
} from '../coupon/staff-coupon.service.ts'
import { emailsById, idsByEmail } from '../customer/customer.service.ts'
import { listSites } from '../site/site.service.ts'

/**
 * The owner's coupons (docs/decisions/0065-staff-coupons.md): each write is one transaction, the coupon module's
 * change and the audit entry (entity `coupon`, the settings before and after), so a refused write leaves
 * neither. Amounts and minimums are in the currencies of the shop's sites; restricted customers are given by
 * e-mail and kept by id.
 */
const currenciesOf = async (ctx: AppContext) => [...new Set((await listSites(ctx)).map((s) => s.currency))]

/** The record with its restricted customers' e-mails (a customer deleted since drops out). */
async function withEmails(db: Db, record: StaffCouponRecord): Promise<StaffCoupon> {
  const { customerIds, ...coupon } = record
  const emails = await emailsById(db, customerIds)
  return { ...coupon, customers: customerIds.flatMap((id) => emails.get(id) ?? []).sort() }
}

/** The settings without what changes by itself (redemptions, status): what the audit log keeps. */
const settingsOf = ({ redemptions, customersRedeemed, status, ...settings }: StaffCoupon) => settings

/** 400 naming each field that does not fit the shop; else the settings with the customers' ids. */
async function toWrite(db: Db, input: StaffCouponValues, currencies: string[]): Promise<CouponWrite> {
  const values = normalise(input)
  const known = await idsByEmail(db, values.customers)
  const problems = [...couponProblems(values, currencies), ...unknownCustomers(input.customers, known)]
  if (problems.length) throw badRequest('invalid_coupon', 'The coupon is not valid', problems)
  const { customers, ...settings } = values
  return { ...settings, customerIds: customers.flatMap((email) => known.get(email) ?? []) }
}

async function audited(
  ctx: AppContext,
  staff: StaffPrincipal,
  write: (trx: Db, currencies: string[]) => Promise<AuditRecord & { result: StaffCoupon | null }>,
) {
  const currencies = await currenciesOf(ctx)
  return ctx.db.transaction().execute(async (trx) => {
    const { result, ...audit } = await write(trx, currencies)
    await recordAudit(trx, staff, audit)
    return result
  })
}

export async function coupons(ctx: AppContext): Promise<StaffCouponList> {
  return { items: await listStaffCoupons(ctx.db, await currenciesOf(ctx)) }
}

export async function coupon(ctx: AppContext, code: string): Promise<StaffCoupon> {
  return withEmails(ctx.db, await readStaffCoupon(ctx.db, code, await currenciesOf(ctx)))
}

export async function createCoupon(ctx: AppContext, staff: StaffPrincipal, input: StaffCouponCreateValues) {
  const { code, ...rest } = input
  return (await audited(ctx, staff, async (trx, currencies) => {
    const write = await toWrite(trx, rest, currencies)
    const created = await withEmails(trx, await createStaffCoupon(trx, code, write, currencies))
    const after = settingsOf(created)
    return { result: created, entity: 'coupon', entityId: code, action: 'create', before: null, after }
  })) as StaffCoupon
}

export async function updateCoupon(
  ctx: AppContext,
  staff: StaffPrincipal,
  code: string,
  input: StaffCouponValues,
) {
  return (await audited(ctx, staff, async (trx, currencies) => {
    const write = await toWrite(trx, input, currencies)
    const changed = await updateStaffCoupon(trx, code, write, currencies)
    const [before, after] = await Promise.all([
      withEmails(trx, changed.before),
      withEmails(trx, changed.after),
    ])
    return {
      result: after,
      entity: 'coupon',
      entityId: code,
      action: 'update',
      before: settingsOf(before),
      after: settingsOf(after),
    }
  })) as StaffCoupon
}

export async function deleteCoupon(ctx: AppContext, staff: StaffPrincipal, code: string): Promise<void> {
  await audited(ctx, staff, async (trx, currencies) => {
    const { before } = await deleteStaffCoupon(trx, code, currencies)
    const removed = settingsOf(await withEmails(trx, before))
    return { result: null, entity: 'coupon', entityId: code, action: 'delete', before: removed, after: null }
  })
}
