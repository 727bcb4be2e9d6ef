import { toAmount } from '@shop/contracts/money'
import { ORDER_STATUSES, type Order, type OrderStatus } from '@shop/contracts/order'
import { data } from 'react-router'
import type { Language } from '../../i18n/index.ts'
import { isApiError } from '../../lib/api.ts'
import type { ShopSession } from '../../lib/context.server.ts'
import { formatMoney } from '../../lib/format.ts'
import { errorsFromRefundApi, readRefundForm } from './refund-form.ts'
import { asStaff } from './staff.server.ts'

/**
 * The order page's three posts (docs/decisions/0057-staff-orders.md, 0064-refunds-and-timeline.md), told apart by
 * `intent`: a status move, a refund, the confirmation sent again. Each answers what the page says about it.
 */
export async function orderAction(session: ShopSession, request: Request, orderId: string) {
  const form = await request.formData()
  const intent = String(form.get('intent') ?? 'move')
  if (intent === 'refund') return refund(session, request, orderId, form)
  if (intent === 'resend') return resend(session, request, orderId)
  return move(session, request, orderId, String(form.get('status')))
}

/** A step: the server allows it or answers 409 (someone else moved the order first) or 502 (the provider). */
async function move(session: ShopSession, request: Request, orderId: string, status: string) {
  if (!(ORDER_STATUSES as readonly string[]).includes(status))
    return data({ intent: 'move' as const, outcome: 'refused' as const }, 400)
  try {
    await asStaff(request, () => session.api.moveOrder(orderId, status as OrderStatus))
    return { intent: 'move' as const, outcome: 'moved' as const, status }
  } catch (error) {
    if (isApiError(error, 409)) return data({ intent: 'move' as const, outcome: 'refused' as const }, 409)
    if (isApiError(error, 502)) return data({ intent: 'move' as const, outcome: 'failed' as const }, 502)
    throw error
  }
}

/**
 * A refund: the form is checked against the order as it is now (units and money left), then posted with its key;
 * a replay of the key (a double click, a resubmitted page) answers the refund made the first time.
 */
async function refund(session: ShopSession, request: Request, orderId: string, form: FormData) {
  const order = await asStaff(request, () => session.api.staffOrder(orderId))
  const money = moneyIn(order, session.language)
  const { input, errors, values } = readRefundForm(form, order.entries, order.currency)
  if (Object.keys(errors).length)
    return data({ intent: 'refund' as const, outcome: 'invalid' as const, errors, values }, 400)
  try {
    const refunded = await asStaff(request, () => session.api.refundOrder(orderId, input))
    return { intent: 'refund' as const, outcome: 'refunded' as const, refund: madeBy(refunded, input) }
  } catch (error) {
    if (isApiError(error, 400) || isApiError(error, 409)) {
      const problems = errorsFromRefundApi(error.body, input, money)
      return data(
        { intent: 'refund' as const, outcome: 'invalid' as const, errors: problems, values },
        error.status,
      )
    }
    if (isApiError(error, 502))
      return data({ intent: 'refund' as const, outcome: 'failed' as const, values }, 502)
    throw error
  }
}

/** The refund this form made: the newest one of its units (and amount, when one was given). */
function madeBy(
  order: Order,
  input: { lines: Array<{ line: number; quantity: number }>; amountMinor?: number },
) {
  const same = (order.refunds ?? []).filter(
    (r) =>
      r.lines.length === input.lines.length &&
      input.lines.every((l) => r.lines.some((x) => x.entryNumber === l.line && x.quantity === l.quantity)) &&
      (input.amountMinor === undefined || r.amount === toAmount(input.amountMinor, order.currency)),
  )
  return same.at(-1) ?? order.refunds?.at(-1) ?? null
}

async function resend(session: ShopSession, request: Request, orderId: string) {
  try {
    await asStaff(request, () => session.api.resendConfirmation(orderId))
    return { intent: 'resend' as const, outcome: 'resent' as const }
  } catch (error) {
    if (isApiError(error, 409)) return data({ intent: 'resend' as const, outcome: 'refused' as const }, 409)
    throw error
  }
}

const moneyIn = (order: Order, language: Language) => (minor: number) =>
  formatMoney(toAmount(minor, order.currency), order.currency, language)
