import type { Order, OrderRequest } from '@shop/contracts/order'
import type { CardToken, CardTokenRequest } from '@shop/contracts/payment'
import { id, type Transport } from './transport.ts'

/** Card tokens, orders. */
export function checkoutCalls({ json }: Transport) {
  return {
    /** Browser only: card data goes to the provider's tokenizer and never to the shop's order call. */
    createCardToken: (card: CardTokenRequest) =>
      json<CardToken>('POST', '/api/payments/test-card/tokens', { body: card }),
    /**
     * `idempotencyKey`: one key per submit attempt of the checkout wizard, so that a repeated request (double
     * click, retry after a lost answer) replays the first answer instead of placing a second order.
     */
    placeOrder: (order: OrderRequest, idempotencyKey?: string) =>
      json<{ orderId: string; checkoutId?: string }>('POST', '/api/checkout/checkouts/order', {
        body: order,
        headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : undefined,
      }),
    order: (orderId: string) => json<Order>('GET', `/api/order/orders/${id(orderId)}`),
  }
}
