import type { AddCartItem, Cart, CreateCart } from '@shop/contracts/cart'
import { parseYrn } from '@shop/contracts/yrn'
import type { Principal } from '../../platform/auth/tokens.ts'
import type { Db } from '../../platform/db/database.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.ts'
import { taxFor } from '../calculation/tax.rules.ts'
import { type CalcInput, calculate } from '../calculation/totals.rules.ts'
import * as coupons from '../coupon/coupon.service.ts'
import * as pricing from '../pricing/pricing.service.ts'
import * as shipping from '../shipping/shipping.service.ts'
import * as sites from '../site/site.service.ts'
import * as repo from './cart.repository.ts'
import { type DiscountState, toCartView } from './cart.view.ts'

/** A checkout claims the cart (OPEN → ORDERED, once) and gives it back when it makes no order. */
export {
  deleteProductItems as removeProductFromCarts,
  deleteVariantItems as removeVariantsFromCarts,
  markOrdered,
  reopen,
} from './cart.repository.ts'

/** Request context of a cart call: who calls, in which language, with which site-code header. */
export interface CartCall {
  principal: Principal
  language?: string
  siteCode?: string
}

type DbCtx = Pick<AppContext, 'db'>
export type CartRow = NonNullable<Awaited<ReturnType<typeof repo.findCart>>>
/** A cart as read with its lines and coupons (one statement). */
export type CartContents = NonNullable<Awaited<ReturnType<typeof repo.findCartWithContents>>>

/**
 * A customer's cart belongs to that customer alone; an anonymous cart to its browser session. The session id
 * outlives sign-out, so it must never open a cart that a customer owns.
 */
export const owns = (p: Principal, cart: { session_id: string | null; customer_id: string | null }) =>
  cart.customer_id !== null ? cart.customer_id === p.customerId : cart.session_id === p.sessionId

export async function createCart(ctx: DbCtx, principal: Principal, body: CreateCart): Promise<string> {
  if (body.customerId && body.customerId !== principal.customerId)
    throw forbidden('The cart must be your own')
  const site = await requireSite(ctx, body.siteCode, 'body.siteCode')
  if (body.currency && body.currency !== site.currency) {
    throw badRequest('currency_not_supported', `Site ${site.code} sells in ${site.currency}`, [
      { field: 'body.currency', type: 'invalid', message: `must be ${site.currency}` },
    ])
  }
  return repo.insertCart(ctx.db, {
    siteCode: site.code,
    currency: site.currency,
    channel: body.channel?.name ?? 'storefront',
    sessionId: principal.sessionId,
    customerId: principal.customerId,
  })
}

/** The caller's open cart with its site, or 404 (also for another caller's cart and an ordered cart). */
export async function openCart(ctx: DbCtx, call: CartCall, cartId: string) {
  return checkCart(ctx, call, cartId, await repo.findCart(ctx.db, cartId))
}

async function checkCart(ctx: DbCtx, call: CartCall, cartId: string, cart: CartRow | undefined) {
  if (!cart || !owns(call.principal, cart) || cart.status !== 'OPEN') throw notFound('Cart', cartId)
  if (call.siteCode && call.siteCode !== cart.site_code)
    await requireSite(ctx, call.siteCode, 'headers.site-code')
  const site = await requireSite(ctx, cart.site_code, 'site')
  return { cart, site: { ...site, currency: cart.currency } }
}

/**
 * One write to a cart as one transaction: the cart row is locked first (repo.lockCart), so writes from any
 * number of processes to the same cart run one after the other and none is lost.
 */
export async function writeCart<T>(
  ctx: DbCtx,
  call: CartCall,
  cartId: string,
  write: (db: Db, opened: Awaited<ReturnType<typeof openCart>>) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction().execute(async (trx) => {
    const opened = await checkCart({ db: trx }, call, cartId, await repo.lockCart(trx, cartId))
    return write(trx, opened)
  })
}

export interface PriceOptions {
  /** Ship-to country of the checkout; else the cart's tax-estimate country. */
  countryCode?: string
  shippingMinor?: number
  /** The cart as the caller has just read it with its lines and coupons (`assertOrderable`), not read again. */
  read?: CartContents
}

/** The cart with every line priced now, its coupons checked, and the totals of the one calculation. */
export async function pricedCart(ctx: DbCtx, call: CartCall, cartId: string, options: PriceOptions = {}) {
  const read = options.read ?? (await repo.findCartWithContents(ctx.db, cartId))
  const { cart, site } = await checkCart(ctx, call, cartId, read?.cart)
  const { items, discounts: discountRows } = read ?? { items: [], discounts: [] }
  const language = sites.languageOf(site, call.language)
  const priced = await pricing.priceItems(ctx, site, language, items.map(refOf))
  const lines = items.map((i) => pricing.toCalcLine(i.id, priced.get(i.item_yrn), i.quantity))
  const tax = taxFor(site.tax, options.countryCode ?? cart.country_code)
  const goods = calculate({ currency: cart.currency, lines, tax })
  const found = await coupons.findCoupons(
    ctx,
    [...new Set(discountRows.map((d) => d.coupon_code))],
    call.principal.customerId,
  )
  const redemption = {
    now: new Date().toISOString(),
    currency: cart.currency,
    subtotalMinor: goods.subtotalMinor,
    customerId: call.principal.customerId,
  }
  const discounts: DiscountState[] = discountRows.flatMap((row) => {
    const coupon = found.find((c) => c.code === row.coupon_code)
    return coupon ? [{ id: row.id, coupon, problems: coupons.checkCoupon(coupon, redemption) }] : []
  })
  const calcInput: CalcInput = {
    currency: cart.currency,
    lines,
    discounts: discounts
      .filter((d) => d.problems.length === 0)
      .map((d) => coupons.toCalcDiscount(d.coupon, cart.currency)),
    tax,
  }
  const totals = calculate({ ...calcInput, shippingMinor: options.shippingMinor ?? 0 })
  return { cart, site, items, priced, discounts, calcInput, totals }
}

/** The cart as shoppers see it: with a tax-estimate country, shipping is the cheapest method's cost there. */
export async function getCart(ctx: DbCtx, call: CartCall, cartId: string): Promise<Cart> {
  const { cart, site, items, priced, discounts, calcInput, totals } = await pricedCart(ctx, call, cartId)
  if (!cart.country_code || items.length === 0)
    return toCartView(cart, items, priced, site, totals, discounts)
  const cheapest = await shipping.shippingCost(
    ctx,
    site.code,
    cart.country_code,
    totals.subtotalMinor - totals.discountMinor,
    undefined,
    [sites.languageOf(site, call.language)],
  )
  if (!cheapest || cheapest.currency !== cart.currency)
    return toCartView(cart, items, priced, site, totals, discounts)
  const method = { id: cheapest.id, zoneId: cheapest.zoneId, name: cheapest.name }
  const withShipping = calculate({ ...calcInput, shippingMinor: cheapest.costMinor })
  return toCartView(cart, items, priced, site, withShipping, discounts, method)
}

export async function addItem(
  ctx: DbCtx,
  call: CartCall,
  cartId: string,
  body: AddCartItem,
): Promise<string> {
  const ref = body.itemYrn
    ? parseYrn(body.itemYrn)
    : { productId: body.productId ?? '', variantId: body.variantId ?? null }
  if (!ref)
    throw badRequest('invalid_item_yrn', 'The item yrn is not valid', [
      field('body.itemYrn', 'not an item yrn'),
    ])
  return writeCart(ctx, call, cartId, async (db, { cart, site }) => {
    const item = (await pricing.priceItems({ db }, site, site.defaultLanguage, [ref])).get(
      pricing.itemKey(ref),
    )
    if (!item || item.problem === 'not_found') throw notFound('Product', ref.productId)
    if (item.problem === 'unknown_variant') throw notFound('Variant', ref.variantId ?? '')
    if (item.problem === 'variant_required') {
      throw badRequest('variant_required', 'Choose a variant of this product', [
        field('body.variantId', 'required'),
      ])
    }
    const existing = await repo.findItemByYrn(db, cart.id, item.itemYrn)
    assertAvailable(item, (existing?.quantity ?? 0) + body.quantity)
    return repo.upsertItem(db, { cartId: cart.id, itemYrn: item.itemYrn, ...ref, quantity: body.quantity })
  })
}

export async function updateItem(
  ctx: DbCtx,
  call: CartCall,
  cartId: string,
  itemId: string,
  body: { quantity?: number; mixins?: { note: { comment: string } } },
): Promise<void> {
  await writeCart(ctx, call, cartId, async (db, { cart, site }) => {
    const row = await repo.findItem(db, cart.id, itemId)
    if (!row) throw notFound('Cart item', itemId)
    if (body.quantity === 0) {
      await repo.deleteItem(db, cart.id, itemId)
      return
    }
    if (body.quantity !== undefined && body.quantity > row.quantity) {
      const item = (await pricing.priceItems({ db }, site, site.defaultLanguage, [refOf(row)])).get(
        row.item_yrn,
      )
      if (item) assertAvailable(item, body.quantity)
    }
    const changes = {
      ...(body.quantity !== undefined && { quantity: body.quantity }),
      // Spec §4: an empty note removes the note.
      ...(body.mixins && { note: body.mixins.note.comment.trim() || null }),
    }
    if (Object.keys(changes).length > 0) await repo.updateItem(db, itemId, changes)
  })
}

export async function removeItem(ctx: DbCtx, call: CartCall, cartId: string, itemId: string): Promise<void> {
  await writeCart(ctx, call, cartId, async (db, { cart }) => {
    const result = await repo.deleteItem(db, cart.id, itemId)
    if (Number(result.numDeletedRows) === 0) throw notFound('Cart item', itemId)
  })
}

/** Stock reservation happens at order time; here the shopper learns early that there is not enough. */
function assertAvailable(item: pricing.PricedItem, quantity: number): void {
  if (item.problem)
    throw conflict('out_of_stock', 'This item cannot be bought now', [outOfStock(item, item.problem)])
  if (quantity > item.stock) {
    throw conflict('out_of_stock', `Only ${item.stock} in stock`, [
      outOfStock(item, `only ${item.stock} in stock`),
    ])
  }
}

const outOfStock = (item: pricing.PricedItem, message: string) => ({
  field: item.itemYrn,
  type: 'out_of_stock',
  message,
})
export const field = (name: string, message: string) => ({ field: name, type: 'invalid', message })
export const refOf = (i: { product_id: string; variant_id: string | null }) => ({
  productId: i.product_id,
  variantId: i.variant_id,
})

export async function requireSite(ctx: DbCtx, code: string, fieldName: string) {
  const site = await sites.siteTerms(ctx, code)
  if (!site) throw badRequest('unknown_site', `There is no site ${code}`, [field(fieldName, 'unknown site')])
  return site
}

/**
 * Checkout's first check: the caller's cart (else 404), not ordered yet (else 409 cart_already_ordered). Answers
 * the cart as read with its lines and coupons, for `pricedCart` to price without reading them again.
 */
export async function assertOrderable(
  ctx: DbCtx,
  principal: Principal,
  cartId: string,
): Promise<CartContents> {
  const read = await repo.findCartWithContents(ctx.db, cartId)
  if (!read || !owns(principal, read.cart)) throw notFound('Cart', cartId)
  if (read.cart.status !== 'OPEN')
    throw conflict('cart_already_ordered', `Cart ${cartId} was ordered already`)
  return read
}

/** Account deletion: the customer's carts lose their owner, session and postcode (they stay for the orders). */
export async function detachCustomer(db: Db, customerId: string): Promise<void> {
  await repo.detachCustomer(db, customerId)
}
