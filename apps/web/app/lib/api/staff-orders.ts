import { type OrderStatus, type OwnerOrderListQuery, orderApi } from '@shop/contracts/order'
import { type OrderRefundInput, orderRefundApi } from '@shop/contracts/order-refunds'
import type { Transport } from './transport.ts'

/**
 * The back office's order calls (docs/decisions/0057-staff-orders.md, 0064-refunds-and-timeline.md), server-side
 * only like backoffice.ts.
 */
export function staffOrderCalls({ call, page }: Transport) {
  return {
    staffOrders: (query: Partial<OwnerOrderListQuery>) =>
      page(orderApi.ownerOrders, { query: query as OwnerOrderListQuery }),
    staffOrder: (orderId: string) => call(orderApi.ownerOrder, { params: { orderId } }),
    moveOrder: (orderId: string, status: OrderStatus) =>
      call(orderApi.ownerTransition, { params: { orderId }, body: { status } }),
    /** Units of lines and/or an amount back to the shopper; the same `key` refunds once (a double click). */
    refundOrder: (orderId: string, input: OrderRefundInput) =>
      call(orderRefundApi.refundOrder, { params: { orderId }, body: input }),
    orderTimeline: (orderId: string) => call(orderRefundApi.orderTimeline, { params: { orderId } }),
    resendConfirmation: (orderId: string) => call(orderRefundApi.resendConfirmation, { params: { orderId } }),
  }
}
