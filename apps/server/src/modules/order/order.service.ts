import { randomInt, randomUUID } from 'node:crypto'
import type { OrderAddress } from '@shop/contracts/address'
import type { Order, OrderRequest, OrderStatus, OwnerOrderListQuery } from '@shop/contracts/order'
import type { StaffPrincipal } from '../../platform/auth/staff.ts'
import type { Principal } from '../../platform/auth/tokens.ts'
import type { Db } from '../../platform/db/database.ts'
import type { OrderEntriesTable, OrdersTable } from '../../platform/db/schema.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { AppError, conflict, notFound } from '../../platform/http/errors.ts'
import { recordAudit } from '../audit/audit.service.ts'
import type { Totals } from '../calculation/totals.rules.ts'
import * as stock from '../catalogue/stock.service.ts'
import { paymentsOf } from '../payment/payment.service.ts'
import type { OrderDiscount, PaymentRecord, ShippingRecord } from './order.records.ts'
import type { NewOrderRow } from './order.repository.ts'
import * as repo from './order.repository.ts'
import { toOrderView } from './order.view.ts'
import { type Actor, allowedTransitions, isCancel, sourcesOf } from './order-status.ts'
import * as refunds from './refund.repository.ts'
import { orderWithRefunds } from './refund.service.ts'
import * as staffOrders from './staff-order.repository.ts'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'

/** Readable order ids: ORD- and 10 random upper-case letters and digits. */
export const newOrderId = () =>
  `ORD-${Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`

export interface NewOrder {
  id: string
  principal: Principal
  siteCode: string
  cartId: string
  customer: OrderRequest['customer']
  addresses: OrderAddress[]
  shipping: ShippingRecord
  payment: PaymentRecord
  totals: Totals
  /** The applied coupons with their names at checkout; amounts as in `totals.discounts`. */
  discounts: OrderDiscount[]
  entries: Array<{
    itemYrn: string
    productId: string
    variantId: string | null
    name: string
    quantity: number
    unitPriceMinor: number
    totalMinor: number
  }>
}

/** The rows an order was written as: the confirmation is made from them, with no read back. */
export interface WrittenOrder {
  order: OrdersTable
  entries: OrderEntriesTable[]
}

/**
 * Writes an order in status CREATED; `db` is the checkout's transaction. `language` is the one its mails are
 * written in (the confirmation's, and later a refund's).
 */
export async function createOrder(db: Db, order: NewOrder, language: string): Promise<WrittenOrder> {
  const { totals } = order
  const row: NewOrderRow = {
    id: order.id,
    status: 'CREATED',
    site_code: order.siteCode,
    cart_id: order.cartId,
    customer_id: order.principal.customerId,
    session_id: order.principal.sessionId,
    email: order.customer.email,
    currency: totals.currency,
    subtotal_minor: totals.subtotalMinor,
    discount_minor: totals.discountMinor,
    fees_minor: totals.feesMinor,
    tax_minor: totals.taxMinor,
    shipping_minor: totals.shippingMinor,
    total_minor: totals.totalMinor,
    customer: JSON.stringify(order.customer),
    addresses: JSON.stringify(order.addresses),
    shipping: JSON.stringify(order.shipping),
    payment: JSON.stringify(order.payment),
    discounts: JSON.stringify(order.discounts),
    created_at: new Date().toISOString(),
    language,
  }
  const entries: OrderEntriesTable[] = order.entries.map((e, index) => ({
    order_id: order.id,
    line: index + 1,
    item_yrn: e.itemYrn,
    product_id: e.productId,
    variant_id: e.variantId,
    name: e.name,
    quantity: e.quantity,
    unit_price_minor: e.unitPriceMinor,
    total_minor: e.totalMinor,
  }))
  await repo.insertOrder(db, row, entries)
  return { order: row, entries }
}

/** An order is visible to the session or the customer that placed it; to anyone else it does not exist. */
export async function getOrder(ctx: AppContext, principal: Principal, orderId: string): Promise<Order> {
  const order = await repo.findOrder(ctx.db, orderId)
  if (!order || !ownsOrder(principal, order)) throw notFound('Order', orderId)
  return orderWithRefunds(ctx.db, orderId)
}

/**
 * A customer's order belongs to that customer only; a guest order to the session that placed it. (A session
 * id outlives sign-out in the browser, so it must not open a customer's orders to whoever uses it next.)
 */
export function ownsOrder(
  principal: Principal,
  order: { customer_id: string | null; session_id: string | null },
) {
  return order.customer_id !== null
    ? order.customer_id === principal.customerId
    : order.session_id !== null && order.session_id === principal.sessionId
}

/** The signed-in customer's orders, newest first, with the total for the x-total-count header. */
export async function listOrders(
  ctx: AppContext,
  customerId: string,
  page: { pageNumber: number; pageSize: number },
): Promise<{ items: Order[]; total: number }> {
  const [rows, total] = await Promise.all([
    repo.listCustomerOrders(ctx.db, customerId, (page.pageNumber - 1) * page.pageSize, page.pageSize),
    repo.countCustomerOrders(ctx.db, customerId),
  ])
  const entries = await repo.findEntriesOf(
    ctx.db,
    rows.map((r) => r.id),
  )
  const linesOf = (id: string) => entries.filter((e) => e.order_id === id)
  return { items: rows.map((row) => toOrderView(row, linesOf(row.id))), total }
}

export const CANCELLABLE_STATUSES = sourcesOf('DECLINED', 'customer')

/**
 * Cancel (spec §4: a transition to DECLINED, only from CREATED or CONFIRMED) by the customer or guest session
 * that placed the order.
 */
export async function cancelOrder(ctx: AppContext, principal: Principal, orderId: string): Promise<Order> {
  const order = await repo.findOrder(ctx.db, orderId)
  if (!order || !ownsOrder(principal, order)) throw notFound('Order', orderId)
  await moveOrder(ctx, order, 'DECLINED', 'customer', 'customer')
  return getOrder(ctx, principal, orderId)
}

/** The shop owner's view of any order. */
export async function getAnyOrder(ctx: AppContext, orderId: string): Promise<Order> {
  return orderWithRefunds(ctx.db, orderId)
}

/** Every order of the shop for the staff, newest first, filtered (staff-order.repository.ts). */
export async function listAllOrders(
  ctx: AppContext,
  query: OwnerOrderListQuery,
): Promise<{ items: Order[]; total: number }> {
  const { pageNumber, pageSize, ...filter } = query
  const [rows, total] = await Promise.all([
    staffOrders.findStaffOrders(ctx.db, filter, (pageNumber - 1) * pageSize, pageSize),
    staffOrders.countStaffOrders(ctx.db, filter),
  ])
  const entries = await repo.findEntriesOf(
    ctx.db,
    rows.map((r) => r.id),
  )
  return {
    items: rows.map((row) =>
      toOrderView(
        row,
        entries.filter((e) => e.order_id === row.id),
      ),
    ),
    total,
  }
}

/** The shop owner moves an order along its lifecycle (order-status.ts); 409 for a move it does not allow. */
export async function ownerTransition(
  ctx: AppContext,
  staff: StaffPrincipal,
  orderId: string,
  to: OrderStatus,
): Promise<Order> {
  const order = await repo.findOrder(ctx.db, orderId)
  if (!order) throw notFound('Order', orderId)
  await moveOrder(ctx, order, to, 'owner', staff.email, staff)
  return getAnyOrder(ctx, orderId)
}

/**
 * One status move in one transaction: the guarded UPDATE (only from a status the rules allow, so two moves
 * cannot both win) and its timeline entry (`who`: the staff member's e-mail or `customer`); a move to DECLINED
 * also puts the units that refunds did not put back into stock and refunds what is left of the payment through
 * its provider. An external provider's refund happens before the commit: if it fails nothing changes and the
 * caller may retry (the refund is idempotent); if the commit failed after it, the order stays as it was with
 * its money returned, and the retried cancel finds the refund done.
 */
async function moveOrder(
  ctx: AppContext,
  order: OrdersTable,
  to: OrderStatus,
  actor: Actor,
  who: string,
  staff?: StaffPrincipal,
) {
  const from = order.status as OrderStatus
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.transition(trx, order.id, sourcesOf(to, actor), to))) {
      throw actor === 'customer' && isCancel(to)
        ? conflict('order_not_cancellable', `Order ${order.id} can no longer be cancelled`)
        : conflict('order_transition_not_allowed', `Order ${order.id} cannot move from ${from} to ${to}`, [
            {
              field: 'status',
              type: 'order_transition_not_allowed',
              message: `allowed from ${from}: ${allowedTransitions(from, actor).join(', ') || 'none'}`,
            },
          ])
    }
    await refunds.insertEvent(trx, {
      id: randomUUID(),
      order_id: order.id,
      at: new Date().toISOString(),
      kind: 'status',
      actor: who,
      data: JSON.stringify({ from, to }),
    })
    if (staff)
      await recordAudit(trx, staff, {
        entity: 'order',
        entityId: order.id,
        action: 'update',
        before: { status: from },
        after: { status: to },
      })
    if (!isCancel(to)) return
    await stock.release(trx, await unitsStillOut(trx, order.id))
    const payment = JSON.parse(order.payment) as PaymentRecord
    try {
      await paymentsOf(ctx).refund(payment.method, payment.chargeId, trx)
    } catch (error) {
      ctx.log.error({ err: error, orderId: order.id }, 'refund failed')
      throw new AppError(502, 'refund_failed', 'The payment could not be refunded; please try again later')
    }
    const left = payment.amountMinor - (order.refunded_minor ?? 0)
    await refunds.addRefunded(trx, order.id, left, JSON.stringify({ ...payment, status: 'REFUNDED' }))
  })
}

/** The order's units less those refunds put back into stock already. */
async function unitsStillOut(db: Db, orderId: string) {
  const [entries, done] = await Promise.all([repo.findEntries(db, orderId), refunds.findRefunds(db, orderId)])
  const back = new Map<number, number>()
  for (const r of done)
    if (r.restocked === 1)
      for (const l of JSON.parse(r.lines) as Array<{ line: number; quantity: number }>)
        back.set(l.line, (back.get(l.line) ?? 0) + l.quantity)
  return entries.flatMap((e) => {
    const quantity = e.quantity - (back.get(e.line) ?? 0)
    return quantity > 0 ? [{ productId: e.product_id, variantId: e.variant_id, quantity }] : []
  })
}

/** Who bought a guest order, as the order keeps them; undefined unless it is a guest order of `sessionId`. */
export async function guestBuyer(
  ctx: Pick<AppContext, 'db'>,
  orderId: string,
  sessionId: string,
): Promise<OrderRequest['customer'] | undefined> {
  const order = await repo.findOrder(ctx.db, orderId)
  if (!order || order.customer_id !== null || order.session_id !== sessionId) return undefined
  return JSON.parse(order.customer) as OrderRequest['customer']
}

/** Sign-up after purchase: the guest order of `sessionId` becomes the customer's; false when it is not one. */
export const claimGuestOrder = repo.claimGuestOrder
