import type { OrderRequest } from '@shop/contracts/order'
import type { Principal } from '../../platform/auth/tokens.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { AppError } from '../../platform/http/errors.ts'
import * as mail from '../mail/mail.service.ts'
import * as orders from '../order/order.service.ts'
import type { PaymentAttempt } from './attempt.repository.ts'
import { completeAuthentication } from './authentication.ts'
import { charge, writePaidOrder } from './charge.ts'
import { quote, reprice, validate } from './quote.ts'
import { reserve } from './reserve.ts'
import type { WriteOptions } from './write-order.ts'

export type PlaceOrderOptions = Pick<WriteOptions, 'onOrdered'>

/** Places an order by the recipe below; placed and failed orders are counted for /metrics. */
export async function placeOrder(
  ctx: AppContext,
  principal: Principal,
  request: OrderRequest,
  language?: string,
  options: PlaceOrderOptions = {},
): Promise<string> {
  try {
    const orderId = await recipe(ctx, principal, request, language, options)
    ctx.metrics?.ordersPlaced.inc()
    return orderId
  } catch (error) {
    ctx.metrics?.ordersFailed.inc({ type: error instanceof AppError ? error.type : 'internal_error' })
    throw error
  }
}

/**
 * Placing an order, as the saga of docs/decisions/0008-checkout-saga.md:
 *   validate → reprice → quote → reserve (one transaction) → charge (no transaction) → write the order.
 * A decline releases what `reserve` took; a failure after the charge refunds and releases; a process that dies
 * in between leaves the attempt to the sweep (checkout.sweep.ts). No charged payment stays without an order, no
 * stock stays reserved without one. A charge that asks for 3-D Secure leaves the attempt awaiting the shopper
 * (402 payment_requires_action); the re-submission with `payment.paymentIntentId` settles it (ADR 0021).
 * The order's transaction also queues its confirmation mail and stores the Idempotency-Key's answer (`onOrdered`).
 */
async function recipe(
  ctx: AppContext,
  principal: Principal,
  request: OrderRequest,
  language: string | undefined,
  options: PlaceOrderOptions,
): Promise<string> {
  if (request.payment.paymentIntentId) {
    const orderId = await completeAuthentication(ctx, principal, request, options)
    settle(ctx)
    return orderId
  }
  const valid = await validate(ctx, principal, request)
  const cart = await reprice(ctx, { principal, language }, request, valid.address.country, valid.cart)
  const draft = await quote(ctx, cart, request, {
    principal,
    language,
    customer: request.customer,
    addresses: request.addresses,
  })
  const attempt = newAttempt(request, draft)
  await reserve(
    ctx.db,
    attempt,
    draft.entries.map((e) => e.itemYrn),
    principal.customerId,
  )
  const paid = await charge(ctx, attempt, draft)
  await writePaidOrder(ctx, attempt, draft, paid, options)
  settle(ctx)
  return attempt.id
}

/** Settle: the confirmation mail queued with the order goes out now rather than at the worker's next poll. */
const settle = (ctx: AppContext) => mail.wake(ctx)

/** The journal entry of a checkout: its id is the order's and the payment provider's idempotency key. */
function newAttempt(request: OrderRequest, draft: Awaited<ReturnType<typeof quote>>): PaymentAttempt {
  return {
    id: orders.newOrderId(),
    status: 'pending',
    paymentId: request.payment.paymentId,
    token: request.payment.customAttributes.token,
    amountMinor: draft.totals.totalMinor,
    currency: draft.totals.currency,
    chargeId: null,
    cartId: draft.cartId,
    coupons: draft.totals.discounts.map((d) => d.code).sort(),
    lines: draft.entries.map((e) => ({
      productId: e.productId,
      variantId: e.variantId,
      quantity: e.quantity,
    })),
    updatedAt: '',
  }
}
