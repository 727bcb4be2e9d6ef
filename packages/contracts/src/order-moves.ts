import type { OrderStatus } from './order.ts'

/** Who moves an order: the customer (or guest session) who placed it, or the shop's staff. */
export type Actor = 'customer' | 'owner'

/**
 * The order lifecycle (docs/decisions/0022-order-lifecycle-and-owner.md), shared by the server's guard and the
 * back office's buttons. The payment is taken at checkout; the staff confirm the order, record it paid
 * (settled), ship it and complete it. DECLINED is the cancel: the customer may cancel while nothing has been done
 * with the order yet (CREATED, CONFIRMED, spec §4); the staff may also decline a paid order that has not left the
 * warehouse. DECLINED and COMPLETED are final.
 */
const MOVES: Record<Actor, Partial<Record<OrderStatus, readonly OrderStatus[]>>> = {
  customer: {
    CREATED: ['DECLINED'],
    CONFIRMED: ['DECLINED'],
  },
  owner: {
    CREATED: ['CONFIRMED', 'DECLINED'],
    CONFIRMED: ['PAID', 'DECLINED'],
    PAID: ['SHIPPED', 'DECLINED'],
    SHIPPED: ['COMPLETED'],
  },
}

/** The statuses an actor may move an order in `from` to. */
export function allowedTransitions(from: OrderStatus, actor: Actor): readonly OrderStatus[] {
  return MOVES[actor][from] ?? []
}

export function canTransition(from: OrderStatus, to: OrderStatus, actor: Actor): boolean {
  return allowedTransitions(from, actor).includes(to)
}

/** The statuses from which an actor may reach `to`: the guard of the one UPDATE that makes the move. */
export function sourcesOf(to: OrderStatus, actor: Actor): OrderStatus[] {
  return (Object.keys(MOVES[actor]) as OrderStatus[]).filter((from) => canTransition(from, to, actor))
}
