import { randomUUID } from 'node:crypto'
import type { OrderTimeline } from '@shop/contracts/order-refunds'
import type { StaffPrincipal } from '../../platform/auth/staff.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { conflict, notFound } from '../../platform/http/errors.ts'
import { recordAudit } from '../audit/audit.service.ts'
import * as mail from '../mail/mail.service.ts'
import type { PaymentRecord } from './order.records.ts'
import * as repo from './order.repository.ts'
import * as refunds from './refund.repository.ts'

type Event = OrderTimeline['events'][number]

/**
 * Everything that happened to an order, oldest first (docs/decisions/0064-refunds-and-timeline.md): placed and
 * paid (the order's own row), every mail about it (the mail queue: queued, sent or failed), status moves,
 * refunds and resent confirmations with who did them (`order_events`).
 */
export async function orderTimeline(ctx: AppContext, orderId: string): Promise<OrderTimeline> {
  const order = await repo.findOrder(ctx.db, orderId)
  if (!order) throw notFound('Order', orderId)
  const [events, mails] = await Promise.all([
    refunds.findEvents(ctx.db, orderId),
    mail.orderMails(ctx, orderId),
  ])
  const payment = JSON.parse(order.payment) as PaymentRecord
  const buyer = order.customer_id ? 'customer' : 'guest'
  const all: Event[] = [
    {
      at: order.created_at,
      kind: 'placed',
      actor: buyer,
      detail: { amountMinor: order.total_minor, currency: order.currency, email: order.email },
    },
    {
      at: order.created_at,
      kind: 'paid',
      actor: buyer,
      detail: {
        amountMinor: payment.amountMinor,
        currency: order.currency,
        method: payment.method,
        brand: payment.brand,
        last4: payment.last4,
      },
    },
    ...mails.map(
      (m): Event => ({
        at: m.sent ?? m.queued,
        kind: 'mail',
        actor: 'system',
        detail: { subject: m.subject, to: m.to, status: m.status },
      }),
    ),
    ...events.map(
      (e): Event => ({
        at: e.at,
        kind: e.kind as Event['kind'],
        actor: e.actor,
        detail: JSON.parse(e.data) as Record<string, unknown>,
      }),
    ),
  ]
  // Stable: placed before paid, and each event after what caused it when they share a timestamp.
  return {
    orderId,
    events: all
      .map((e, i) => ({ e, i }))
      .sort((a, b) => a.e.at.localeCompare(b.e.at) || a.i - b.i)
      .map(({ e }) => e),
  }
}

/** The confirmation once more, as it was first written; 409 when the order never had one. */
export async function resendConfirmation(ctx: AppContext, staff: StaffPrincipal, orderId: string) {
  const order = await repo.findOrder(ctx.db, orderId)
  if (!order) throw notFound('Order', orderId)
  await ctx.db.transaction().execute(async (trx) => {
    const id = randomUUID()
    if (!(await mail.queueConfirmationAgain({ ...ctx, db: trx }, orderId, id)))
      throw conflict('no_confirmation', `Order ${orderId} has no confirmation to send again`)
    await refunds.insertEvent(trx, {
      id,
      order_id: orderId,
      at: new Date().toISOString(),
      kind: 'mail_again',
      actor: staff.email,
      data: JSON.stringify({ to: order.email }),
    })
    await recordAudit(trx, staff, {
      entity: 'order',
      entityId: orderId,
      action: 'update',
      before: null,
      after: { confirmationSentAgain: order.email },
    })
  })
  mail.wake(ctx)
}
