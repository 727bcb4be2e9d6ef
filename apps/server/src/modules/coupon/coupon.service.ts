import type { Coupon } from '@shop/contracts/coupon'
import { toAmount } from '@shop/contracts/money'
import type { Db } from '../../platform/db/database.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { AppError, notFound } from '../../platform/http/errors.ts'
import type { CalcDiscount } from '../calculation/discount.rules.ts'
import * as repo from './coupon.repository.ts'
import { type CouponProblem, type CouponTerms, checkCoupon, type Redemption } from './coupon.rules.ts'

export type { CouponTerms, Redemption } from './coupon.rules.ts'
export { checkCoupon } from './coupon.rules.ts'

export async function getCoupon(
  ctx: Pick<AppContext, 'db'>,
  code: string,
  currency?: string,
): Promise<Coupon> {
  const coupon = await repo.findCoupon(ctx.db, code)
  if (!coupon) throw notFound('Coupon', code)
  return toCouponView(coupon, currency)
}

export const findCoupon = (ctx: Pick<AppContext, 'db'>, code: string) => repo.findCoupon(ctx.db, code)
export const findCoupons = (ctx: Pick<AppContext, 'db'>, codes: string[]) => repo.findCoupons(ctx.db, codes)

/**
 * Throws the §8 failure of a redemption that breaks a rule: an anonymous caller and a customers-only
 * coupon is a 403 (COUPON_ERR_ANONYMOUS in the storefront); every other broken rule a 400 whose details
 * carry the rule types, the first one first.
 */
export function assertRedeemable(coupon: CouponTerms, redemption: Redemption): void {
  const problems = checkCoupon(coupon, redemption)
  if (problems.length === 0) return
  if (problems[0]?.type === 'coupon_redemption_forbidden') {
    throw new AppError(403, 'coupon_redemption_forbidden', problems[0].message, details(problems))
  }
  throw new AppError(400, 'coupon_not_valid', `Coupon ${coupon.code} cannot be redeemed`, details(problems))
}

const details = (problems: CouponProblem[]) =>
  problems.map((p) => ({ field: 'code', type: p.type, message: p.message }))

export function toCalcDiscount(coupon: CouponTerms): CalcDiscount {
  return coupon.discountType === 'ABSOLUTE'
    ? {
        code: coupon.code,
        type: 'ABSOLUTE',
        amountMinor: coupon.amountMinor ?? 0,
        currency: coupon.currency ?? '',
      }
    : { code: coupon.code, type: 'PERCENT', rateBasisPoints: (coupon.percentage ?? 0) * 100 }
}

/** Counts the redemptions of an order's coupons inside its transaction; false if one got used up meanwhile. */
export async function redeemAll(db: Db, codes: string[]): Promise<boolean> {
  for (const code of codes) if (!(await repo.redeem(db, code))) return false
  return true
}

/** Takes back the redemptions of a checkout that made no order. */
export async function unredeemAll(db: Db, codes: string[]): Promise<void> {
  for (const code of codes) await repo.unredeem(db, code)
}

export function toCouponView(c: CouponTerms, currency?: string): Coupon {
  const minCurrency = c.currency ?? currency
  return {
    code: c.code,
    name: c.name,
    discountType: c.discountType,
    ...(c.discountType === 'ABSOLUTE' && c.currency
      ? { discountAbsolute: { amount: toAmount(c.amountMinor ?? 0, c.currency), currency: c.currency } }
      : { discountPercentage: c.percentage ?? 0 }),
    ...(c.minOrderMinor !== null && minCurrency
      ? { minOrderValue: { amount: toAmount(c.minOrderMinor, minCurrency), currency: minCurrency } }
      : {}),
    validFrom: c.validFrom,
    validUntil: c.validUntil,
    customersOnly: c.customersOnly,
  }
}
