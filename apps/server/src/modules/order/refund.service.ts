import { randomUUID } from 'node:crypto'
import type { Order } from '@shop/contracts/order'
import type { OrderRefundInput } from '@shop/contracts/order-refunds'
import type { StaffPrincipal } from '../../platform/auth/staff.ts'
import type { Db } from '../../platform/db/database.ts'
import { isUniqueViolation } from '../../platform/db/errors.ts'
import type { OrderEntriesTable, OrdersTable } from '../../platform/db/schema.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { AppError, badRequest, conflict, notFound } from '../../platform/http/errors.ts'
import { recordAudit } from '../audit/audit.service.ts'
import * as stock from '../catalogue/stock.service.ts'
import * as mail from '../mail/mail.service.ts'
import { paymentsOf, RefundRefused } from '../payment/payment.service.ts'
import type { PaymentRecord } from './order.records.ts'
import * as repo from './order.repository.ts'
import { toOrderView } from './order.view.ts'
import * as refunds from './refund.repository.ts'
import { planRefund, type RefundPlan } from './refund.rules.ts'

type Input = OrderRefundInput & { lines: NonNullable<OrderRefundInput['lines']> }
type Accepted = Extract<RefundPlan, { ok: true }>

/** A request with this key got there first (a double click): its refund is the answer. */
class Replayed extends Error {}

/**
 * Refunds units of an order's lines and/or an amount (docs/decisions/0064-refunds-and-timeline.md), as a recipe
 * in one transaction on the order's row lock: find a refund of the same key (a replay answers it), plan against
 * what earlier refunds left, record the refund (its key unique), put the units back into stock, return the money
 * through the payment provider under the same key, add it to the order, write the timeline and queue the
 * shopper's mail. A provider that fails rolls everything back (502: try again; the key keeps a retry single).
 */
export async function refundOrder(ctx: AppContext, staff: StaffPrincipal, orderId: string, input: Input) {
  const earlier = await refunds.findRefundByKey(ctx.db, input.key)
  if (earlier) return replay(ctx, earlier.order_id, orderId)
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const order = await lockedOrder(trx, orderId)
      if (await refunds.findRefundByKey(trx, input.key)) throw new Replayed()
      const { plan, entries } = await planned(trx, order, input)
      const refund = await recordRefund(trx, staff, order, plan, input)
      if (input.restock !== false) await restock(trx, entries, plan.lines)
      await returnMoney(ctx, trx, order, plan.amountMinor, input.key)
      await addToOrder(trx, order, plan.amountMinor)
      await writeTimeline(trx, staff, order, refund.id, plan, input)
      await recordAudit(trx, staff, {
        entity: 'order',
        entityId: order.id,
        action: 'update',
        before: { refundedMinor: order.refunded_minor ?? 0 },
        after: {
          refundedMinor: (order.refunded_minor ?? 0) + plan.amountMinor,
          refund: { id: refund.id, lines: plan.lines, reason: refund.reason },
        },
      })
      await queueNotice({ ...ctx, db: trx }, order.id, refund.id, plan, input.reason ?? '')
    })
  } catch (error) {
    if (error instanceof Replayed || isUniqueViolation(error)) return replay(ctx, orderId, orderId)
    throw error
  }
  mail.wake(ctx)
  return orderWithRefunds(ctx.db, orderId)
}

async function replay(ctx: AppContext, refundOrderId: string, orderId: string) {
  if (refundOrderId !== orderId)
    throw conflict('refund_key_reused', 'This refund key belongs to a refund of another order')
  return orderWithRefunds(ctx.db, orderId)
}

async function lockedOrder(db: Db, orderId: string) {
  if (!(await refunds.lockOrder(db, orderId))) throw notFound('Order', orderId)
  const order = await repo.findOrder(db, orderId)
  if (!order) throw notFound('Order', orderId)
  return order
}

/** The refund's plan against what earlier refunds left, with the order's lines it was made from. */
async function planned(db: Db, order: OrdersTable, input: Input) {
  const [entries, earlier] = await Promise.all([
    repo.findEntries(db, order.id),
    refunds.findRefunds(db, order.id),
  ])
  const refundedUnits = new Map<number, number>()
  for (const r of earlier)
    for (const l of JSON.parse(r.lines) as Array<{ line: number; quantity: number }>)
      refundedUnits.set(l.line, (refundedUnits.get(l.line) ?? 0) + l.quantity)
  const payment = JSON.parse(order.payment) as PaymentRecord
  const shipping = JSON.parse(order.shipping) as { tax: { included: boolean } }
  const plan = planRefund(
    {
      subtotalMinor: order.subtotal_minor,
      discountMinor: order.discount_minor,
      taxMinor: order.tax_minor,
      taxIncluded: shipping.tax.included,
      paidMinor: payment.status === 'REFUNDED' && !order.refunded_minor ? 0 : payment.amountMinor,
      refundedMinor: order.refunded_minor ?? 0,
      entries: entries.map((e) => ({ line: e.line, quantity: e.quantity, totalMinor: e.total_minor })),
      refundedUnits,
    },
    input,
  )
  if (plan.ok) return { plan, entries }
  if (plan.status === 400) throw badRequest(plan.type, plan.message, plan.problems)
  throw conflict(plan.type, plan.message, plan.problems)
}

async function recordRefund(db: Db, staff: StaffPrincipal, order: OrdersTable, plan: Accepted, input: Input) {
  const row = {
    id: randomUUID(),
    order_id: order.id,
    key: input.key,
    amount_minor: plan.amountMinor,
    lines: JSON.stringify(plan.lines),
    restocked: input.restock === false ? 0 : 1,
    reason: input.reason ?? '',
    actor_email: staff.email,
    created_at: new Date().toISOString(),
  }
  await refunds.insertRefund(db, row)
  return row
}

async function restock(db: Db, entries: OrderEntriesTable[], lines: Accepted['lines']) {
  await stock.release(
    db,
    lines.flatMap((l) => {
      const e = entries.find((entry) => entry.line === l.line)
      return e ? [{ productId: e.product_id, variantId: e.variant_id, quantity: l.quantity }] : []
    }),
  )
}

async function returnMoney(ctx: AppContext, db: Db, order: OrdersTable, amountMinor: number, key: string) {
  const payment = JSON.parse(order.payment) as PaymentRecord
  try {
    await paymentsOf(ctx).refund(payment.method, payment.chargeId, db, { amountMinor, idempotencyKey: key })
  } catch (error) {
    if (error instanceof RefundRefused) throw conflict('refund_too_large', error.message)
    ctx.log.error({ err: error, orderId: order.id }, 'refund failed')
    throw new AppError(
      502,
      'refund_failed',
      'The payment could not be refunded; nothing changed, please try again',
    )
  }
}

async function addToOrder(db: Db, order: OrdersTable, amountMinor: number) {
  const payment = JSON.parse(order.payment) as PaymentRecord
  const refunded = (order.refunded_minor ?? 0) + amountMinor
  const status = refunded >= payment.amountMinor ? 'REFUNDED' : 'PARTIALLY_REFUNDED'
  await refunds.addRefunded(db, order.id, amountMinor, JSON.stringify({ ...payment, status }))
}

async function writeTimeline(
  db: Db,
  staff: StaffPrincipal,
  order: OrdersTable,
  refundId: string,
  plan: Accepted,
  input: Input,
) {
  await refunds.insertEvent(db, {
    id: randomUUID(),
    order_id: order.id,
    at: new Date().toISOString(),
    kind: 'refund',
    actor: staff.email,
    data: JSON.stringify({
      refundId,
      amountMinor: plan.amountMinor,
      currency: order.currency,
      lines: plan.lines,
      reason: input.reason ?? '',
      restocked: input.restock !== false,
    }),
  })
}

async function queueNotice(
  ctx: Pick<AppContext, 'db' | 'config'>,
  orderId: string,
  refundId: string,
  plan: Accepted,
  reason: string,
) {
  const order = await orderWithRefunds(ctx.db, orderId)
  const stored = await repo.findOrder(ctx.db, orderId)
  await mail.queueRefundNotice(
    ctx,
    order,
    {
      id: refundId,
      amount: order.refunds?.find((r) => r.id === refundId)?.amount ?? 0,
      items: plan.lines.map((l) => ({
        name: order.entries.find((e) => e.entryNumber === l.line)?.name ?? '',
        quantity: l.quantity,
      })),
      reason,
      refundedTotal: order.totalRefunded ?? 0,
    },
    { preferredLanguage: stored?.language, withAccountLink: stored?.customer_id !== null },
  )
}

/** One order as the contract shows it, with its refunds. */
export async function orderWithRefunds(db: Db, orderId: string): Promise<Order> {
  const order = await repo.findOrder(db, orderId)
  if (!order) throw notFound('Order', orderId)
  const [entries, rows] = await Promise.all([repo.findEntries(db, orderId), refunds.findRefunds(db, orderId)])
  return toOrderView(order, entries, rows)
}
