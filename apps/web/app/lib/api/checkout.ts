import type { Order, OrderRequest } from '@shop/contracts/order'
import type { CardToken, CardTokenRequest } from '@shop/contracts/payment'
import { id, type Transport } from './transport.ts'

/** Card tokens, orders. */
export function checkoutCalls({ json }: Transport) {
  return {
    /** Browser only: card data goes to the provider's tokenizer and never to the shop's order call. */
    createCardToken: (card: CardTokenRequest) =>
      json<CardToken>('POST', '/api/payments/test-card/tokens', { body: card }),
    placeOrder: (order: OrderRequest) =>
      json<{ orderId: string; checkoutId?: string }>('POST', '/api/checkout/checkouts/order', {
        body: order,
      }),
    order: (orderId: string) => json<Order>('GET', `/api/order/orders/${id(orderId)}`),
  }
}
