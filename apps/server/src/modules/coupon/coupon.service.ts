import type { Coupon } from '@shop/contracts/coupon'
import { toAmount } from '@shop/contracts/money'
import type { Db } from '../../platform/db/database.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { AppError, notFound } from '../../platform/http/errors.ts'
import type { CalcDiscount } from '../calculation/discount.rules.ts'
import * as repo from './coupon.repository.ts'
import {
  amountIn,
  type CouponProblem,
  type CouponTerms,
  checkCoupon,
  minOrderIn,
  needsCustomer,
  type Redemption,
  withinCustomerLimit,
} from './coupon.rules.ts'

export type { CouponTerms, Redemption } from './coupon.rules.ts'
export { amountIn, checkCoupon, minOrderIn } from './coupon.rules.ts'

export async function getCoupon(
  ctx: Pick<AppContext, 'db'>,
  code: string,
  currency?: string,
): Promise<Coupon> {
  const coupon = await repo.findCoupon(ctx.db, code)
  if (!coupon) throw notFound('Coupon', code)
  return toCouponView(coupon, currency)
}

/** The coupons of these codes, with the standing of `customerId` (its redemptions, whether it is listed). */
export const findCoupon = (ctx: Pick<AppContext, 'db'>, code: string, customerId: string | null = null) =>
  repo.findCoupon(ctx.db, code, customerId)
export const findCoupons = (ctx: Pick<AppContext, 'db'>, codes: string[], customerId: string | null = null) =>
  repo.findCoupons(ctx.db, codes, customerId)

/**
 * Throws the §8 failure of a redemption that breaks a rule: a coupon for some customers only (signed in,
 * counted per customer, or listed) is a 403 (COUPON_ERR_ANONYMOUS in the storefront for an anonymous caller,
 * COUPON_NOT_VALID for a signed-in one); every other broken rule a 400 whose details carry the rule types, the
 * first one first.
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

/** The discount as the calculation of a cart in `currency` applies it (the rules checked it has an amount there). */
export function toCalcDiscount(coupon: CouponTerms, currency: string): CalcDiscount {
  return coupon.discountType === 'ABSOLUTE'
    ? { code: coupon.code, type: 'ABSOLUTE', amountMinor: amountIn(coupon, currency) ?? 0, currency }
    : { code: coupon.code, type: 'PERCENT', rateBasisPoints: (coupon.percentage ?? 0) * 100 }
}

/** Whether an ABSOLUTE coupon has no amount in this currency (a cart moving there drops it). */
export const lacksCurrency = (coupon: CouponTerms, currency: string) =>
  coupon.discountType === 'ABSOLUTE' && amountIn(coupon, currency) === null

/** The order's checkout, its customer and the codes of its coupons. */
export interface CheckoutRedemption {
  attemptId: string
  customerId: string | null
  codes: string[]
}

/**
 * Counts the redemptions of an order's coupons inside its transaction (a row per coupon, for its customer);
 * the failure if one got used up meanwhile or the customer had their share in a concurrent order, after which
 * the caller rolls the transaction back (what was counted before goes with it).
 */
export async function redeemAll(
  db: Db,
  checkout: CheckoutRedemption,
): Promise<'ok' | 'used_up' | 'customer_limit'> {
  for (const code of checkout.codes) {
    const outcome = await repo.redeem(
      db,
      { code, customerId: checkout.customerId, attemptId: checkout.attemptId },
      withinCustomerLimit,
    )
    if (outcome !== 'ok') return outcome
  }
  return 'ok'
}

/** Takes back the redemptions of a checkout that made no order. */
export async function unredeemAll(db: Db, attemptId: string, codes: string[]): Promise<void> {
  for (const code of codes) await repo.unredeem(db, code, attemptId)
}

/** GET coupons/{code}: an ABSOLUTE coupon's amount in `currency` when it has one there, else in its first. */
export function toCouponView(c: CouponTerms, currency?: string): Coupon {
  const own = Object.keys(c.amounts)
  const absoluteCurrency = currency && c.amounts[currency] !== undefined ? currency : own[0]
  const minCurrency = c.discountType === 'ABSOLUTE' ? absoluteCurrency : currency
  const minOrder = minCurrency ? minOrderIn(c, minCurrency) : null
  return {
    code: c.code,
    name: c.name,
    discountType: c.discountType,
    ...(c.discountType === 'ABSOLUTE' && absoluteCurrency
      ? {
          discountAbsolute: {
            amount: toAmount(c.amounts[absoluteCurrency] ?? 0, absoluteCurrency),
            currency: absoluteCurrency,
          },
        }
      : { discountPercentage: c.percentage ?? 0 }),
    ...(minOrder !== null && minCurrency
      ? { minOrderValue: { amount: toAmount(minOrder, minCurrency), currency: minCurrency } }
      : {}),
    validFrom: c.validFrom,
    validUntil: c.validUntil,
    customersOnly: needsCustomer(c),
  }
}
