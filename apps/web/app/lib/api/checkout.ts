import { type OrderRequest, orderApi } from '@shop/contracts/order'
import { type CardTokenRequest, paymentApi } from '@shop/contracts/payment'
import type { Transport } from './transport.ts'

/** Card tokens and placing an order; reading an order is the account area's `order`. */
export function checkoutCalls({ call }: Transport) {
  return {
    /** Browser only: card data goes to the provider's tokenizer and never to the shop's order call. */
    createCardToken: (card: CardTokenRequest) => call(paymentApi.createCardToken, { body: card }),
    /**
     * `idempotencyKey`: one key per submit attempt of the checkout wizard, so that a repeated request (double
     * click, retry after a lost answer) replays the first answer instead of placing a second order.
     */
    placeOrder: (order: OrderRequest, idempotencyKey?: string) =>
      call(orderApi.placeOrder, {
        body: order,
        headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : undefined,
      }),
  }
}
