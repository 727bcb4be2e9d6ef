import { type CalcDiscount, discountAmount } from './discount.rules.ts'
import { assertCount, assertCurrency } from './money.ts'
import { type CalcTax, taxOf } from './tax.rules.ts'

/**
 * The one price calculation of the shop, used by the cart, the checkout and the order. Pure, over integer
 * minor units of one currency.
 *
 * Order of the sums:
 *   subtotal  = Σ unit price × quantity
 *   discount  = Σ discounts on the subtotal, capped so that it never exceeds the subtotal
 *   fees      = Σ item fees (ABSOLUTE once per line, ABSOLUTE_MULTIPLY_ITEMQUANTITY × quantity)
 *   net       = subtotal − discount + fees
 *   tax added:    tax = round half up (net × rate / 10000), total = net + tax + shipping
 *   tax included: tax = round half up (net × rate / (10000 + rate)), shown only, total = net + shipping
 * Shipping is not taxed (a flat-rate sales tax on goods; docs/decisions: shipping tax is a later rule).
 * Where each rule lives: tax.rules.ts (rates, destinations, rounding of tax), discount.rules.ts (coupon
 * amounts), this file (the order of the sums and item fees).
 */
export type FeeType = 'ABSOLUTE' | 'ABSOLUTE_MULTIPLY_ITEMQUANTITY'

export interface CalcFee {
  type: FeeType
  amountMinor: number
  currency: string
}

export interface CalcLine {
  id: string
  unitPriceMinor: number
  quantity: number
  fees: CalcFee[]
}

export interface CalcInput {
  currency: string
  lines: CalcLine[]
  discounts?: CalcDiscount[]
  shippingMinor?: number
  tax: CalcTax
}

export interface LineTotals {
  id: string
  totalMinor: number
  feesMinor: number
}

export interface Totals {
  currency: string
  lines: LineTotals[]
  units: number
  subtotalMinor: number
  discounts: Array<{ code: string; amountMinor: number }>
  discountMinor: number
  feesMinor: number
  shippingMinor: number
  taxMinor: number
  taxIncluded: boolean
  totalMinor: number
}

export function calculate(input: CalcInput): Totals {
  const { currency, tax } = input
  assertCount(tax.rateBasisPoints, 'tax rate')
  const shippingMinor = input.shippingMinor ?? 0
  assertCount(shippingMinor, 'shipping cost')

  const lines = input.lines.map((line) => lineTotals(line, currency))
  const subtotalMinor = sum(lines.map((l) => l.totalMinor))
  const feesMinor = sum(lines.map((l) => l.feesMinor))
  const units = sum(input.lines.map((l) => l.quantity))

  let remaining = subtotalMinor
  const discounts = (input.discounts ?? []).map((discount) => {
    const amountMinor = Math.min(remaining, discountAmount(discount, subtotalMinor, currency))
    remaining -= amountMinor
    return { code: discount.code, amountMinor }
  })
  const discountMinor = subtotalMinor - remaining

  const netMinor = subtotalMinor - discountMinor + feesMinor
  const taxMinor = taxOf(netMinor, tax)
  const totalMinor = netMinor + shippingMinor + (tax.included ? 0 : taxMinor)

  return {
    currency,
    lines,
    units,
    subtotalMinor,
    discounts,
    discountMinor,
    feesMinor,
    shippingMinor,
    taxMinor,
    taxIncluded: tax.included,
    totalMinor,
  }
}

function lineTotals(line: CalcLine, currency: string): LineTotals {
  assertCount(line.unitPriceMinor, `unit price of ${line.id}`)
  assertCount(line.quantity, `quantity of ${line.id}`)
  let feesMinor = 0
  for (const fee of line.fees) {
    assertCurrency(fee.currency, currency, `fee of ${line.id}`)
    assertCount(fee.amountMinor, `fee of ${line.id}`)
    feesMinor +=
      fee.type === 'ABSOLUTE_MULTIPLY_ITEMQUANTITY' ? fee.amountMinor * line.quantity : fee.amountMinor
  }
  return { id: line.id, totalMinor: line.unitPriceMinor * line.quantity, feesMinor }
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)
