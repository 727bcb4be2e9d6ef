import { assertCount, assertCurrency, roundHalfUp } from './money.ts'

/** A coupon's discount as the calculation applies it. */
export type CalcDiscount =
  | { code: string; type: 'ABSOLUTE'; amountMinor: number; currency: string }
  | { code: string; type: 'PERCENT'; rateBasisPoints: number }

/** What one discount takes off a subtotal before capping: a fixed amount, or a share rounded half up. */
export function discountAmount(discount: CalcDiscount, subtotalMinor: number, currency: string): number {
  if (discount.type === 'ABSOLUTE') {
    assertCurrency(discount.currency, currency, `discount ${discount.code}`)
    assertCount(discount.amountMinor, `discount ${discount.code}`)
    return discount.amountMinor
  }
  assertCount(discount.rateBasisPoints, `discount ${discount.code}`)
  return roundHalfUp(subtotalMinor * Math.min(discount.rateBasisPoints, 10000), 10000)
}
