import { type OrderRefundInput, suggestedRefundMinor } from '@shop/contracts/order-refunds'

/** A problem with a field of the refund, as a 400's details list it. */
export interface RefundProblem {
  field: string
  type: string
  message: string
}

export interface RefundableOrder {
  subtotalMinor: number
  discountMinor: number
  taxMinor: number
  taxIncluded: boolean
  /** What the payment took, and what earlier refunds returned of it. */
  paidMinor: number
  refundedMinor: number
  entries: ReadonlyArray<{ line: number; quantity: number; totalMinor: number }>
  /** Units of each line that earlier refunds gave back. */
  refundedUnits: ReadonlyMap<number, number>
}

export type RefundPlan =
  | { ok: true; amountMinor: number; lines: Array<{ line: number; quantity: number }> }
  | { ok: false; status: 400 | 409; type: string; message: string; problems: RefundProblem[] }

/**
 * What a refund returns (docs/decisions/0064-refunds-and-timeline.md): units of lines not refunded before, and an
 * amount no larger than what is left of the payment: the one given, else the lines' share of what was paid.
 */
export function planRefund(
  order: RefundableOrder,
  input: Required<Pick<OrderRefundInput, 'lines'>> & {
    amountMinor?: number
  },
): RefundPlan {
  const left = order.paidMinor - order.refundedMinor
  if (left <= 0)
    return {
      ok: false,
      status: 409,
      type: 'nothing_to_refund',
      message: 'The whole payment has been refunded',
      problems: [],
    }
  const problems: RefundProblem[] = []
  const seen = new Set<number>()
  const chosen: Array<{ totalMinor: number; quantity: number; refunded: number }> = []
  input.lines.forEach((l, i) => {
    const entry = order.entries.find((e) => e.line === l.line)
    const units = entry ? entry.quantity - (order.refundedUnits.get(l.line) ?? 0) : 0
    if (!entry)
      problems.push({
        field: `body.lines.${i}.line`,
        type: 'unknown',
        message: `The order has no line ${l.line}`,
      })
    else if (seen.has(l.line))
      problems.push({ field: `body.lines.${i}.line`, type: 'duplicate', message: `Line ${l.line} twice` })
    else if (l.quantity > units)
      problems.push({
        field: `body.lines.${i}.quantity`,
        type: 'too_many',
        message:
          units === 0 ? 'Every unit of this line was refunded' : `At most ${units} units are left to refund`,
      })
    else chosen.push({ totalMinor: entry.totalMinor, quantity: entry.quantity, refunded: l.quantity })
    seen.add(l.line)
  })
  if (problems.length)
    return { ok: false, status: 400, type: 'validation_failed', message: 'The refund is not valid', problems }
  const amountMinor = input.amountMinor ?? Math.min(left, suggestedRefundMinor(order, chosen))
  if (amountMinor > left)
    return {
      ok: false,
      status: 409,
      type: 'refund_too_large',
      message: `Only ${left} (minor units) of the payment is left to refund`,
      problems: [{ field: 'body.amountMinor', type: 'too_large', message: String(left) }],
    }
  if (amountMinor <= 0)
    return {
      ok: false,
      status: 400,
      type: 'validation_failed',
      message: 'The refund is not valid',
      problems: [
        { field: 'body.amountMinor', type: 'too_small', message: 'Nothing to return for these lines' },
      ],
    }
  return { ok: true, amountMinor, lines: input.lines.map((l) => ({ line: l.line, quantity: l.quantity })) }
}
