import type { ApiError } from '@shop/contracts/errors'
import { toMinor } from '@shop/contracts/money'
import type { Order } from '@shop/contracts/order'
import { type OrderRefundInput, suggestedRefundMinor } from '@shop/contracts/order-refunds'
import type { FieldErrors } from './product-form.ts'
import { parseAmount } from './product-form.ts'

/** A form-wide problem (no single field): the refund section's alert. */
export const FORM = '_form'

/** An order line as the refund form sees it: units ordered, refunded before, left to refund. */
export interface RefundLine {
  entryNumber: number
  name: string
  quantity: number
  refunded: number
  left: number
  totalMinor: number
}

/** Units of each line that the order's refunds gave back. */
export function refundedUnits(order: Pick<Order, 'refunds'>): Map<number, number> {
  const units = new Map<number, number>()
  for (const refund of order.refunds ?? [])
    for (const l of refund.lines) units.set(l.entryNumber, (units.get(l.entryNumber) ?? 0) + l.quantity)
  return units
}

/**
 * What is left to refund (docs/decisions/0064-refunds-and-timeline.md): units per line, and money: what the
 * payment took less the refunds (nothing when the payment was refunded in full, as a cancel does).
 */
export function refundState(order: Order) {
  const units = refundedUnits(order)
  const lines: RefundLine[] = order.entries.map((e) => {
    const refunded = Math.min(units.get(e.entryNumber) ?? 0, e.amount)
    return {
      entryNumber: e.entryNumber,
      name: e.name,
      quantity: e.amount,
      refunded,
      left: e.amount - refunded,
      totalMinor: toMinor(e.totalPrice, order.currency),
    }
  })
  const payment = order.payments[0]
  const paidMinor = payment ? toMinor(payment.paidAmount, order.currency) : 0
  const refundedMinor = toMinor(order.totalRefunded ?? 0, order.currency)
  const leftMinor = !payment || payment.status === 'REFUNDED' ? 0 : Math.max(0, paidMinor - refundedMinor)
  return { lines, paidMinor, refundedMinor, leftMinor }
}

export type RefundState = ReturnType<typeof refundState>

/**
 * What the server refunds for these units when the amount is left blank: their share of what was paid (the
 * discount spread by value, added tax included, shipping not), never more than what is left.
 */
export function suggestionFor(
  order: Order,
  state: RefundState,
  quantities: ReadonlyMap<number, number>,
): number {
  const chosen = state.lines
    .filter((l) => (quantities.get(l.entryNumber) ?? 0) > 0)
    .map((l) => ({
      totalMinor: l.totalMinor,
      quantity: l.quantity,
      refunded: quantities.get(l.entryNumber) ?? 0,
    }))
  if (!chosen.length) return 0
  const minor = (amount: number) => toMinor(amount, order.currency)
  const share = suggestedRefundMinor(
    {
      subtotalMinor: minor(order.subTotalPrice),
      discountMinor: minor(order.totalDiscount),
      taxMinor: minor(order.tax.amount),
      taxIncluded: order.tax.included,
    },
    chosen,
  )
  return Math.min(state.leftMinor, share)
}

/** The form's fields as typed, to show again after a refusal (a page posted without JavaScript). */
export interface RefundValues {
  lines: Record<string, string>
  amount: string
  reason: string
  restock: boolean
}

export const lineField = (entryNumber: number) => `line-${entryNumber}`

/** The units typed per line (what is not a whole number counts as none), for the live suggestion. */
export function quantitiesOf(form: FormData, state: RefundState): Map<number, number> {
  const units = new Map<number, number>()
  for (const l of state.lines) {
    const text = String(form.get(lineField(l.entryNumber)) ?? '').trim()
    if (/^\d{1,7}$/.test(text)) units.set(l.entryNumber, Math.min(Number(text), l.left))
  }
  return units
}

/**
 * The refund form → the API's body: a key (made once per rendered form), whole units per line, an optional
 * amount, restock, a reason. Only the form is checked here: what is left to refund is the server's to say (a
 * double click's second post must reach it to be answered with the first one's refund).
 */
export function readRefundForm(
  form: FormData,
  lines: ReadonlyArray<Pick<RefundLine, 'entryNumber'>>,
  currency: string,
): { input: OrderRefundInput; errors: FieldErrors; values: RefundValues } {
  const text = (name: string) => String(form.get(name) ?? '').trim()
  const errors: FieldErrors = {}
  const values: RefundValues = {
    lines: {},
    amount: text('amount'),
    reason: text('reason').slice(0, 500),
    restock: form.get('restock') === 'on',
  }
  const chosen: OrderRefundInput['lines'] = []
  for (const l of lines) {
    const field = lineField(l.entryNumber)
    const typed = text(field)
    values.lines[field] = typed
    if (!/^\d{0,7}$/.test(typed)) errors[field] = { key: 'REFUND_UNITS_WHOLE' }
    else if (Number(typed) > 0) chosen.push({ line: l.entryNumber, quantity: Number(typed) })
  }
  let amountMinor: number | undefined
  if (values.amount) {
    amountMinor = parseAmount(values.amount, currency)
    if (amountMinor === undefined || amountMinor < 1) errors.amount = { key: 'AMOUNT_INVALID' }
  }
  const key = text('key')
  if (key.length < 8 || key.length > 64) errors[FORM] = { key: 'REFUND_RELOAD' }
  else if (!chosen.length && !values.amount && !Object.keys(errors).length)
    errors[FORM] = { key: 'REFUND_CHOOSE' }
  return {
    input: { key, lines: chosen, amountMinor, restock: values.restock, reason: values.reason },
    errors,
    values,
  }
}

/**
 * The API's 400 and 409 → the form's fields: units of a line (`body.lines.N.quantity|line`), the amount, or the
 * whole form (nothing left, a key of another order, anything else: the server's message).
 */
export function errorsFromRefundApi(
  error: ApiError,
  sent: OrderRefundInput,
  money: (minor: number) => string,
): FieldErrors {
  const errors: FieldErrors = {}
  if (error.type === 'nothing_to_refund') return { [FORM]: { key: 'REFUND_NOTHING_LEFT' } }
  if (error.type === 'refund_key_reused') return { [FORM]: { key: 'REFUND_RELOAD' } }
  for (const d of error.details) {
    const line = /^body\.lines\.(\d+)\.(quantity|line)$/.exec(d.field ?? '')
    const entry = line ? sent.lines[Number(line[1])]?.line : undefined
    if (entry !== undefined && line?.[2] === 'quantity') {
      const most = /(\d+)/.exec(d.message)?.[1]
      errors[lineField(entry)] = most
        ? { key: 'REFUND_AT_MOST', values: { max: Number(most) } }
        : { key: 'REFUND_LINE_DONE' }
    } else if (entry !== undefined) errors[lineField(entry)] = { key: 'REFUND_UNKNOWN_LINE' }
    else if (d.field === 'body.amountMinor' && d.type === 'too_large' && /^\d+$/.test(d.message))
      errors.amount = { key: 'REFUND_TOO_LARGE', values: { amount: money(Number(d.message)) } }
    else if (d.field === 'body.amountMinor' && d.type === 'too_small')
      errors.amount = { key: 'REFUND_NO_SHARE' }
  }
  if (!Object.keys(errors).length)
    errors[error.type === 'refund_too_large' ? 'amount' : FORM] = {
      key: 'REFUND_REFUSED',
      values: { message: error.message },
    }
  return errors
}
