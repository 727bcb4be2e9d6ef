import type { OrderStatus } from '@shop/contracts/order'

/** The lifecycle's moves live with the contracts, so the back office offers exactly what the server allows. */
export { type Actor, allowedTransitions, canTransition, sourcesOf } from '@shop/contracts/order-moves'

/** Moving to DECLINED gives the stock back and refunds the payment. */
export const isCancel = (to: OrderStatus) => to === 'DECLINED'
