import { toAmount, toMinor } from '@shop/contracts/money'
import type { OrderRequest } from '@shop/contracts/order'
import type { Principal } from '../../platform/auth/tokens.ts'
import { acceptedLanguages } from '../../platform/http/accept-language.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { badRequest, conflict } from '../../platform/http/errors.ts'
import { taxFor } from '../calculation/tax.rules.ts'
import { calculate } from '../calculation/totals.rules.ts'
import * as carts from '../cart/cart.service.ts'
import { paymentsOf } from '../payment/payment.service.ts'
import * as shipping from '../shipping/shipping.service.ts'
import { invalid, outOfStock } from './checkout.errors.ts'
import type { OrderDraft } from './order-draft.ts'

type PricedCart = Awaited<ReturnType<typeof carts.pricedCart>>

/**
 * The recipe's first step: the caller's open cart, a SHIPPING address, a payment method that takes payments.
 * Answers the address and the cart as read.
 */
export async function validate(ctx: AppContext, principal: Principal, request: OrderRequest) {
  const cart = await carts.assertOrderable(ctx, principal, request.cartId)
  if (!paymentsOf(ctx).isPaymentAvailable(request.payment.paymentId)) {
    throw badRequest('payment_not_available', 'This payment method is not available', [
      invalid('payment.paymentId', 'not available'),
    ])
  }
  // the request schema requires a SHIPPING address
  return { address: request.addresses.find((a) => a.type === 'SHIPPING')!, cart }
}

/** Reprice: every line at today's price for the ship-to country, none missing, all in stock. */
export async function reprice(
  ctx: AppContext,
  call: carts.CartCall,
  request: OrderRequest,
  countryCode: string,
  read?: carts.CartContents,
): Promise<PricedCart> {
  const priced = await carts.pricedCart(ctx, call, request.cartId, { countryCode, read })
  const { cart, items } = priced
  if (items.length === 0)
    throw badRequest('cart_empty', 'The cart is empty', [invalid('cartId', 'the cart is empty')])
  if (request.currency !== cart.currency) {
    throw badRequest('currency_mismatch', `The cart is in ${cart.currency}`, [
      invalid('currency', `must be ${cart.currency}`),
    ])
  }
  for (const item of items) {
    const p = priced.priced.get(item.item_yrn)
    if (!p || p.problem || p.stock < item.quantity)
      throw outOfStock(item.item_yrn, p?.problem ?? 'not enough in stock')
  }
  return priced
}

/**
 * Quote: the chosen shipping method's cost, the totals of the one calculation, and the total the shopper saw
 * must be the total now (409 total_changed otherwise). Answers the order as it will be written.
 */
export async function quote(
  ctx: AppContext,
  cart: PricedCart,
  request: OrderRequest,
  draft: Pick<OrderDraft, 'principal' | 'language' | 'addresses' | 'customer'>,
): Promise<OrderDraft> {
  const country = request.addresses.find((a) => a.type === 'SHIPPING')?.country ?? ''
  const currency = cart.cart.currency
  const goods = cart.totals
  const method = await shipping.quote(
    ctx,
    cart.site.code,
    country,
    request.shipping.methodId,
    request.shipping.zoneId,
    goods.subtotalMinor - goods.discountMinor,
    acceptedLanguages(draft.language),
  )
  if (method.currency !== currency) {
    throw badRequest('currency_mismatch', 'The shipping method charges in another currency', [
      invalid('shipping.methodId', `charges in ${method.currency}`),
    ])
  }
  const totals = calculate({ ...cart.calcInput, shippingMinor: method.costMinor })
  if (toMinor(request.totalPrice, currency) !== totals.totalMinor) {
    const now = toAmount(totals.totalMinor, currency)
    throw conflict('total_changed', `The total is now ${now} ${currency}`, [
      { field: 'totalPrice', type: 'total_changed', message: String(now) },
    ])
  }
  const names = new Map(cart.discounts.map((d) => [d.coupon.code, d.coupon.name]))
  return {
    ...draft,
    siteCode: cart.site.code,
    cartId: cart.cart.id,
    // the order keeps the rate that applied to its destination (a site may have rates per country)
    shipping: { ...method, tax: { label: cart.site.tax.label, ...taxFor(cart.site.tax, country) } },
    totals,
    discounts: totals.discounts.map((d) => ({ ...d, name: names.get(d.code) ?? '' })),
    entries: cart.items.map((item) => {
      const p = cart.priced.get(item.item_yrn)
      return {
        itemYrn: item.item_yrn,
        productId: item.product_id,
        variantId: item.variant_id,
        name: [p?.name ?? item.product_id, ...(p?.optionLines ?? [])].join(', '),
        quantity: item.quantity,
        unitPriceMinor: p?.effectiveMinor ?? 0,
        totalMinor: totals.lines.find((l) => l.id === item.id)?.totalMinor ?? 0,
      }
    }),
  }
}
