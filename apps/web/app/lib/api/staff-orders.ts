import { type OrderStatus, type OwnerOrderListQuery, orderApi } from '@shop/contracts/order'
import type { Transport } from './transport.ts'

/** The back office's order calls (docs/decisions/0057-staff-orders.md), server-side only like backoffice.ts. */
export function staffOrderCalls({ call, page }: Transport) {
  return {
    staffOrders: (query: Partial<OwnerOrderListQuery>) =>
      page(orderApi.ownerOrders, { query: query as OwnerOrderListQuery }),
    staffOrder: (orderId: string) => call(orderApi.ownerOrder, { params: { orderId } }),
    moveOrder: (orderId: string, status: OrderStatus) =>
      call(orderApi.ownerTransition, { params: { orderId }, body: { status } }),
  }
}
