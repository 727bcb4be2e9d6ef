import type { StaffCouponSummary, StaffCouponValues } from '@shop/contracts/backoffice-coupons'
import type { ErrorDetail } from '@shop/contracts/errors'

/**
 * The owner's coupon input checked against the shop (docs/decisions/0065-staff-coupons.md). Pure: each answers
 * the problems as 400 details naming the field, none when the input is good. The contract has checked each
 * field on its own (code pattern, percentage 1–100, amounts and limits ≥ 1); these check them together.
 */

const problem = (field: string, type: string, message: string): ErrorDetail => ({ field, type, message })

/** The settings a coupon is written with: the discount type's own fields only, instants in UTC. */
export function normalise(values: StaffCouponValues): StaffCouponValues {
  const utc = (instant: string | null) => (instant === null ? null : new Date(instant).toISOString())
  const absolute = values.discountType === 'ABSOLUTE'
  return {
    ...values,
    percentage: absolute ? null : values.percentage,
    amounts: absolute ? values.amounts : {},
    validFrom: utc(values.validFrom),
    validUntil: utc(values.validUntil),
    customers: [...new Set(values.customers.map((e) => e.trim().toLowerCase()))],
  }
}

/** The discount, its currencies (each one of the shop's sites') and its dates. */
export function couponProblems(values: StaffCouponValues, currencies: readonly string[]): ErrorDetail[] {
  const problems: ErrorDetail[] = []
  if (values.discountType === 'PERCENT' && values.percentage === null)
    problems.push(problem('body.percentage', 'required', 'a percentage from 1 to 100 is needed'))
  if (values.discountType === 'ABSOLUTE' && Object.keys(values.amounts).length === 0)
    problems.push(problem('body.amounts', 'required', 'an amount in at least one currency is needed'))
  for (const field of ['amounts', 'minOrders'] as const) {
    for (const currency of Object.keys(values[field])) {
      if (!currencies.includes(currency))
        problems.push(
          problem(
            `body.${field}.${currency}`,
            'unknown_currency',
            `the shop's sites sell in ${currencies.join(', ')}`,
          ),
        )
    }
  }
  if (values.validFrom && values.validUntil && values.validUntil <= values.validFrom)
    problems.push(problem('body.validUntil', 'invalid', 'must be after the start'))
  return problems
}

/** The restricted customers' e-mails that name nobody: `body.customers.{index}`. */
export function unknownCustomers(
  emails: readonly string[],
  known: ReadonlyMap<string, string>,
): ErrorDetail[] {
  return emails.flatMap((email, index) =>
    known.has(email.trim().toLowerCase())
      ? []
      : [problem(`body.customers.${index}`, 'unknown_customer', `no customer with the e-mail ${email}`)],
  )
}

/** Where the coupon stands at `now`: not yet valid, past its end, at its total limit, or active. */
export function statusOf(
  c: Pick<StaffCouponSummary, 'validFrom' | 'validUntil' | 'maxRedemptions' | 'redemptions'>,
  now: string,
): StaffCouponSummary['status'] {
  if (c.validUntil !== null && now >= c.validUntil) return 'expired'
  if (c.validFrom !== null && now < c.validFrom) return 'scheduled'
  if (c.maxRedemptions !== null && c.redemptions >= c.maxRedemptions) return 'used_up'
  return 'active'
}
