import { z } from 'zod'
import { endpoint, errors, noContent } from './endpoint.ts'
import { OrderParamsSchema, OrderSchema } from './order.ts'
import { ORDERS_STAFF_TAG } from './staff.ts'

/**
 * Refunds, the timeline and the resent confirmation of an order in the back office
 * (docs/decisions/0064-refunds-and-timeline.md). Owner and order staff. Money is integer minor units.
 */
const tags = ['owner', ORDERS_STAFF_TAG] as const

export const OrderRefundInputSchema = z
  .object({
    /** Made once per refund form: a double click or a retry with the same key refunds once. */
    key: z.string().trim().min(8).max(64),
    /** Units of order lines given back; empty for an amount alone (shipping, a goodwill refund). */
    lines: z
      .array(z.object({ line: z.number().int().min(1), quantity: z.number().int().min(1).max(1_000_000) }))
      .max(500),
    /** What is returned; left out: the lines' share of what the shopper paid (`suggestedRefundMinor`). */
    amountMinor: z.number().int().min(1).max(1_000_000_000_000).optional(),
    /** Put the lines' units back into stock. */
    restock: z.boolean().default(true),
    reason: z.string().trim().max(500).default(''),
  })
  .refine((input) => input.lines.length > 0 || input.amountMinor !== undefined, {
    message: 'Choose units to refund or an amount',
    path: ['lines'],
  })
export type OrderRefundInput = z.input<typeof OrderRefundInputSchema>

export const TIMELINE_KINDS = ['placed', 'paid', 'mail', 'status', 'refund', 'mail_again'] as const

export const OrderTimelineSchema = z
  .object({
    orderId: z.string(),
    events: z.array(
      z.object({
        at: z.string(),
        kind: z.enum(TIMELINE_KINDS),
        /** A staff member's e-mail, `customer` or `system`. */
        actor: z.string(),
        /** placed/paid: amountMinor, currency; mail: subject, to, status; status: from, to; refund: amountMinor,
         * currency, lines, reason, restocked. */
        detail: z.record(z.string(), z.unknown()),
      }),
    ),
  })
  .meta({ id: 'OrderTimeline' })
export type OrderTimeline = z.infer<typeof OrderTimelineSchema>

/** The lines' share of what the shopper paid for goods: the discount spread by value, added tax included. */
export function suggestedRefundMinor(
  order: { subtotalMinor: number; discountMinor: number; taxMinor: number; taxIncluded: boolean },
  lines: ReadonlyArray<{ totalMinor: number; quantity: number; refunded: number }>,
): number {
  if (order.subtotalMinor <= 0) return 0
  const goods = lines.reduce((sum, l) => sum + (l.totalMinor * l.refunded) / l.quantity, 0)
  const paid = order.subtotalMinor - order.discountMinor + (order.taxIncluded ? 0 : order.taxMinor)
  return Math.round((goods * paid) / order.subtotalMinor)
}

export const orderRefundApi = {
  /**
   * Refunds units of lines and/or an amount through the payment provider: 200 with the order (a replay of the
   * same key answers the same); 409 refund_too_large or nothing_to_refund; 502 when the provider did not refund.
   */
  refundOrder: endpoint({
    method: 'POST',
    path: '/api/owner/orders/:orderId/refunds',
    tags,
    security: 'bearer',
    params: OrderParamsSchema,
    body: OrderRefundInputSchema,
    responses: { 200: OrderSchema, ...errors(400, 401, 403, 404, 409, 502) },
  }),
  orderTimeline: endpoint({
    method: 'GET',
    path: '/api/owner/orders/:orderId/timeline',
    tags,
    security: 'bearer',
    params: OrderParamsSchema,
    responses: { 200: OrderTimelineSchema, ...errors(400, 401, 403, 404) },
  }),
  /** Sends the order confirmation again, as it was first written (language, content). */
  resendConfirmation: endpoint({
    method: 'POST',
    path: '/api/owner/orders/:orderId/confirmation-mail',
    tags,
    security: 'bearer',
    params: OrderParamsSchema,
    responses: { 204: noContent('Queued'), ...errors(400, 401, 403, 404, 409) },
  }),
}
