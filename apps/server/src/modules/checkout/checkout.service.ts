import { toAmount, toMinor } from '@shop/contracts/money'
import type { OrderRequest } from '@shop/contracts/order'
import type { Principal } from '../../platform/auth/tokens.ts'
import type { Db } from '../../platform/db/database.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { AppError, badRequest, conflict } from '../../platform/http/errors.ts'
import { calculate, type Totals } from '../calculation/calculate.ts'
import * as carts from '../cart/cart.service.ts'
import * as coupons from '../coupon/coupon.service.ts'
import * as orders from '../order/order.service.ts'
import * as payments from '../payment/payment.service.ts'
import * as shipping from '../shipping/shipping.service.ts'
import { reserveStock } from './checkout.repository.ts'

/**
 * Placing an order: validate cart → reprice → quote shipping → compare totals, then in one transaction
 * claim the cart → reserve stock → charge → create the order. Any failure rolls all of it back.
 */
export async function placeOrder(
  ctx: AppContext,
  principal: Principal,
  request: OrderRequest,
  language?: string,
) {
  await carts.assertOrderable(ctx, principal, request.cartId)
  const shipTo = request.addresses.find((a) => a.type === 'SHIPPING')?.country
  const {
    cart,
    site,
    items,
    priced,
    calcInput,
    totals: goods,
  } = await carts.pricedCart(ctx, { principal, language }, request.cartId, { countryCode: shipTo })
  if (items.length === 0)
    throw badRequest('cart_empty', 'The cart is empty', [invalid('cartId', 'the cart is empty')])
  if (request.currency !== cart.currency) {
    throw badRequest('currency_mismatch', `The cart is in ${cart.currency}`, [
      invalid('currency', `must be ${cart.currency}`),
    ])
  }
  if (!payments.isPaymentAvailable(request.payment.paymentId)) {
    throw badRequest('payment_not_available', 'This payment method is not available', [
      invalid('payment.paymentId', 'not available'),
    ])
  }
  const lines = items.map((item) => ({ item, priced: priced.get(item.item_yrn) }))
  for (const { item, priced: p } of lines) {
    if (!p || p.problem || p.stock < item.quantity)
      throw outOfStock(item.item_yrn, p?.problem ?? 'not enough in stock')
  }

  const address = request.addresses.find((a) => a.type === 'SHIPPING')!
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

  const orderId = orders.newOrderId()
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await carts.markOrdered(trx, cart.id))) {
      throw conflict('cart_already_ordered', `Cart ${cart.id} was ordered already`)
    }
    const codes = totals.discounts.map((d) => d.code)
    if (!(await coupons.redeemAll(trx, codes))) {
      throw conflict('coupon_redemptions_exceeded', 'A coupon of the cart has been used up')
    }
    for (const { item } of lines) {
      const line = { productId: item.product_id, variantId: item.variant_id, quantity: item.quantity }
      if (!(await reserveStock(trx, line))) throw outOfStock(item.item_yrn, 'not enough in stock')
    }
    const payment = await chargeOrder(trx, request, orderId, totals)
    try {
      await orders.createOrder(trx, {
        id: orderId,
        principal,
        siteCode: site.code,
        cartId: cart.id,
        customer: request.customer,
        addresses: request.addresses,
        shipping: { ...quote, tax: site.tax },
        payment,
        totals,
        entries: lines.map(({ item, priced: p }) => ({
          itemYrn: item.item_yrn,
          productId: item.product_id,
          variantId: item.variant_id,
          name: [p?.name ?? item.product_id, ...(p?.optionLines ?? [])].join(', '),
          quantity: item.quantity,
          unitPriceMinor: p?.effectiveMinor ?? 0,
          totalMinor: totals.lines.find((l) => l.id === item.id)?.totalMinor ?? 0,
        })),
      })
    } catch (error) {
      await payments.refund(request.payment.paymentId, payment.chargeId, trx)
      throw error
    }
  })
  return orderId
}

async function chargeOrder(db: Db, request: OrderRequest, orderId: string, totals: Totals) {
  const result = await payments.charge(
    request.payment.paymentId,
    {
      token: request.payment.customAttributes.token,
      amountMinor: totals.totalMinor,
      currency: totals.currency,
      idempotencyKey: orderId,
    },
    db,
  )
  if (!result.ok) {
    throw new AppError(402, result.code, result.message, [
      { field: 'payment', type: result.code, message: result.message },
    ])
  }
  return {
    method: request.payment.paymentId,
    brand: result.brand,
    last4: result.last4,
    chargeId: result.chargeId,
    amountMinor: totals.totalMinor,
    status: 'PAID',
  }
}

const invalid = (field: string, message: string) => ({ field: `body.${field}`, type: 'invalid', message })
const outOfStock = (itemYrn: string, message: string) =>
  conflict('out_of_stock', 'An item of the cart is out of stock', [
    { field: itemYrn, type: 'out_of_stock', message },
  ])
