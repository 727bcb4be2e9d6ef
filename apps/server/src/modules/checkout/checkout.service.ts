import { toAmount, toMinor } from '@shop/contracts/money'
import type { OrderRequest } from '@shop/contracts/order'
import type { Principal } from '../../platform/auth/tokens.ts'
import type { Db } from '../../platform/db/database.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { AppError, badRequest, conflict } from '../../platform/http/errors.ts'
import { calculate } from '../calculation/calculate.ts'
import * as carts from '../cart/cart.service.ts'
import * as coupons from '../coupon/coupon.service.ts'
import * as orders from '../order/order.service.ts'
import type { ChargeResult } from '../payment/payment.service.ts'
import { paymentsOf } from '../payment/payment.service.ts'
import * as shipping from '../shipping/shipping.service.ts'
import {
  chargeRequest,
  type OrderDraft,
  recoverAttempt,
  refundAndRelease,
  releaseAttempt,
  settleAuthentication,
  writeOrder,
} from './checkout.recovery.ts'
import {
  findAttempt,
  insertAttempt,
  moveAttempt,
  type PaymentAttempt,
  reserveStock,
} from './checkout.repository.ts'

/**
 * Placing an order: validate cart → reprice → quote shipping → compare totals, then the saga of
 * docs/decisions/0008-checkout-saga.md: (1) one transaction claims the cart, redeems the coupons, reserves
 * the stock and journals a pending payment attempt; (2) the provider charges, outside any transaction;
 * (3) one transaction writes the order and closes the attempt. A decline releases what (1) took; a failure
 * after the charge refunds and releases; a process that dies in between leaves the attempt to
 * `recoverStaleAttempts`. No charged payment stays without an order, no stock stays reserved without one.
 * A charge that asks for 3-D Secure leaves the attempt `awaiting_authentication` (402 payment_requires_action
 * with the client secret); the re-submission with `payment.paymentIntentId` settles it (ADR 0021).
 */
export async function placeOrder(
  ctx: AppContext,
  principal: Principal,
  request: OrderRequest,
  language?: string,
  options: PlaceOrderOptions = {},
): Promise<string> {
  if (request.payment.paymentIntentId) return completeAuthentication(ctx, principal, request, options)
  await carts.assertOrderable(ctx, principal, request.cartId)
  // the request schema requires a SHIPPING address
  const address = request.addresses.find((a) => a.type === 'SHIPPING')!
  const {
    cart,
    site,
    items,
    priced,
    discounts: cartDiscounts,
    calcInput,
    totals: goods,
  } = await carts.pricedCart(ctx, { principal, language }, request.cartId, { countryCode: address.country })
  if (items.length === 0)
    throw badRequest('cart_empty', 'The cart is empty', [invalid('cartId', 'the cart is empty')])
  if (request.currency !== cart.currency) {
    throw badRequest('currency_mismatch', `The cart is in ${cart.currency}`, [
      invalid('currency', `must be ${cart.currency}`),
    ])
  }
  if (!paymentsOf(ctx).isPaymentAvailable(request.payment.paymentId)) {
    throw badRequest('payment_not_available', 'This payment method is not available', [
      invalid('payment.paymentId', 'not available'),
    ])
  }
  const lines = items.map((item) => ({ item, priced: priced.get(item.item_yrn) }))
  for (const { item, priced: p } of lines) {
    if (!p || p.problem || p.stock < item.quantity)
      throw outOfStock(item.item_yrn, p?.problem ?? 'not enough in stock')
  }

  const quote = await shipping.quote(
    ctx,
    site.code,
    address.country,
    request.shipping.methodId,
    request.shipping.zoneId,
    goods.subtotalMinor - goods.discountMinor,
  )
  if (quote.currency !== cart.currency) {
    throw badRequest('currency_mismatch', 'The shipping method charges in another currency', [
      invalid('shipping.methodId', `charges in ${quote.currency}`),
    ])
  }
  const totals = calculate({ ...calcInput, shippingMinor: quote.costMinor })
  if (toMinor(request.totalPrice, cart.currency) !== totals.totalMinor) {
    const now = toAmount(totals.totalMinor, cart.currency)
    throw conflict('total_changed', `The total is now ${now} ${cart.currency}`, [
      { field: 'totalPrice', type: 'total_changed', message: String(now) },
    ])
  }

  const names = new Map(cartDiscounts.map((d) => [d.coupon.code, d.coupon.name]))
  const discounts = totals.discounts.map((d) => ({ ...d, name: names.get(d.code) ?? '' }))

  // one lock order for every checkout (cart, coupons, stock rows by id), so concurrent ones never deadlock
  const reservations = lines
    .map(({ item }) => ({
      itemYrn: item.item_yrn,
      line: { productId: item.product_id, variantId: item.variant_id, quantity: item.quantity },
    }))
    .sort((a, b) => stockKey(a.line).localeCompare(stockKey(b.line)))
  const orderId = orders.newOrderId()
  const attempt: PaymentAttempt = {
    id: orderId,
    status: 'pending',
    paymentId: request.payment.paymentId,
    token: request.payment.customAttributes.token,
    amountMinor: totals.totalMinor,
    currency: totals.currency,
    chargeId: null,
    cartId: cart.id,
    coupons: totals.discounts.map((d) => d.code).sort(),
    lines: reservations.map((r) => r.line),
    updatedAt: '',
  }

  // 1. Claim the cart, redeem the coupons, reserve the stock and journal the payment attempt: one short
  //    transaction, committed before the provider is called.
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await carts.markOrdered(trx, cart.id))) {
      throw conflict('cart_already_ordered', `Cart ${cart.id} was ordered already`)
    }
    if (!(await coupons.redeemAll(trx, attempt.coupons))) {
      throw conflict('coupon_redemptions_exceeded', 'A coupon of the cart has been used up')
    }
    for (const { itemYrn, line } of reservations) {
      if (!(await reserveStock(trx, line))) throw outOfStock(itemYrn, 'not enough in stock')
    }
    await insertAttempt(trx, attempt)
  })

  // 2. Charge, outside any transaction (an external provider is an HTTP call); the order id is the
  //    provider's idempotency key, so the recovery can ask again for the same charge.
  let result: ChargeResult
  try {
    result = await paymentsOf(ctx).charge(attempt.paymentId, chargeRequest(attempt), ctx.db)
  } catch (error) {
    await recoverAttempt(ctx, attempt).catch((e) => logLeftForRecovery(ctx, attempt.id, e))
    throw error
  }
  const draft: OrderDraft = {
    language,
    principal,
    siteCode: site.code,
    cartId: cart.id,
    customer: request.customer,
    addresses: request.addresses,
    shipping: { ...quote, tax: site.tax },
    totals,
    discounts,
    entries: lines.map(({ item, priced: p }) => ({
      itemYrn: item.item_yrn,
      productId: item.product_id,
      variantId: item.variant_id,
      name: [p?.name ?? item.product_id, ...(p?.optionLines ?? [])].join(', '),
      quantity: item.quantity,
      unitPriceMinor: p?.effectiveMinor ?? 0,
      totalMinor: totals.lines.find((l) => l.id === item.id)?.totalMinor ?? 0,
    })),
  }
  if (!result.ok && result.code === 'requires_action') {
    // 3-D Secure: stock stays reserved while the shopper authenticates; the intent and the order to write
    // are journaled, so the re-submission or the sweep (after the authentication timeout) can settle it.
    const waiting = await moveAttempt(ctx.db, orderId, ['pending'], 'awaiting_authentication', {
      chargeId: result.intentId,
      orderDraft: JSON.stringify(draft),
    })
    if (!waiting) throw conflict('checkout_rolled_back', 'The payment took too long; please try again')
    throw new AppError(402, 'payment_requires_action', 'Your bank asks you to authenticate the payment', [
      { field: 'payment', type: 'payment_requires_action', message: result.clientSecret },
    ])
  }
  if (!result.ok) {
    await releaseAttempt(ctx.db, attempt, ['pending'], 'failed')
    throw new AppError(402, result.code, result.message, [
      { field: 'payment', type: result.code, message: result.message },
    ])
  }
  const chargeId = result.chargeId

  // 3. The order and the end of the attempt commit together; anything failing on the way refunds.
  try {
    await moveAttempt(ctx.db, orderId, ['pending'], 'charged', { chargeId })
    await writeOrder(ctx.db, attempt, draft, result, ['pending', 'charged'], options)
  } catch (error) {
    await refundAndRelease(ctx, { ...attempt, chargeId }).catch((e) => logLeftForRecovery(ctx, orderId, e))
    throw error
  }
  return orderId
}

/**
 * The re-submission after 3-D Secure (ADR 0021): the PaymentIntent must be the one journaled for an attempt
 * of this caller's cart; then `settleAuthentication` requires it to have succeeded with the attempt's amount,
 * currency and id before it writes the order, or cancels it and releases the attempt (402
 * authentication_failed). Anything that does not fit is refused without touching the attempt.
 */
async function completeAuthentication(
  ctx: AppContext,
  principal: Principal,
  request: OrderRequest,
  options: PlaceOrderOptions,
): Promise<string> {
  const intentId = request.payment.paymentIntentId ?? ''
  const authentication = paymentsOf(ctx).authentication(request.payment.paymentId)
  const charge = authentication ? await authentication.retrieve(intentId) : undefined
  const attempt = charge?.reference ? await findAttempt(ctx.db, charge.reference) : undefined
  const draft = attempt?.orderDraft ? (JSON.parse(attempt.orderDraft) as OrderDraft) : undefined
  const fits =
    charge &&
    attempt &&
    draft &&
    attempt.chargeId === charge.chargeId &&
    attempt.cartId === request.cartId &&
    attempt.paymentId === request.payment.paymentId &&
    draft.principal.sessionId === principal.sessionId &&
    draft.principal.customerId === principal.customerId
  if (!fits) throw intentMismatch()
  if (attempt.status === 'done') {
    // settled already (by the sweep, or a concurrent re-submission): this caller's order
    await options.onOrdered?.(ctx.db, attempt.id)
    return attempt.id
  }
  if (attempt.status !== 'awaiting_authentication')
    throw conflict('checkout_rolled_back', 'This payment was not completed in time; please try again')
  const settled = await settleAuthentication(ctx, attempt, charge, {
    to: 'failed',
    onOrdered: options.onOrdered,
  })
  if (settled.ok) return attempt.id
  if (settled.code === 'payment_intent_mismatch') throw intentMismatch()
  const message = 'The authentication with your bank failed'
  throw new AppError(402, 'authentication_failed', message, [
    { field: 'payment', type: 'authentication_failed', message },
  ])
}

const intentMismatch = () =>
  conflict('payment_intent_mismatch', 'This payment does not belong to this checkout', [
    { field: 'body.payment.paymentIntentId', type: 'payment_intent_mismatch', message: 'not this checkout' },
  ])

export interface PlaceOrderOptions {
  /** Runs inside the transaction that writes the order (the Idempotency-Key store saves the answer there). */
  onOrdered?: (trx: Db, orderId: string) => Promise<void>
}

const stockKey = (line: { productId: string; variantId: string | null }) =>
  `${line.productId}/${line.variantId ?? ''}`

function logLeftForRecovery(ctx: AppContext, attemptId: string, error: unknown) {
  ctx.log.error({ err: error, attemptId }, 'checkout compensation failed; left to the recovery')
}

const invalid = (field: string, message: string) => ({ field: `body.${field}`, type: 'invalid', message })
const outOfStock = (itemYrn: string, message: string) =>
  conflict('out_of_stock', 'An item of the cart is out of stock', [
    { field: itemYrn, type: 'out_of_stock', message },
  ])
