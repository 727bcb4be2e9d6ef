import type { Cart, UpdateCart } from '@shop/contracts/cart'
import type { AppContext } from '../../platform/http/context.ts'
import { forbidden, notFound } from '../../platform/http/errors.ts'
import * as coupons from '../coupon/coupon.service.ts'
import * as repo from './cart.repository.ts'
import { type CartCall, getCart, owns, requireSite, writeCart } from './cart.service.ts'
import * as discountRepo from './cart-discount.repository.ts'

type DbCtx = Pick<AppContext, 'db'>

/** PUT carts/{id}: the tax-estimate destination, kept on the cart so it survives reloads. */
export async function setDestination(
  ctx: DbCtx,
  call: CartCall,
  cartId: string,
  body: UpdateCart,
): Promise<Cart> {
  await writeCart(ctx, call, cartId, (db, { cart }) =>
    repo.updateCart(db, cart.id, { country_code: body.countryCode, zip_code: body.zipCode.toUpperCase() }),
  )
  return getCart(ctx, call, cartId)
}

/** GET carts?customerId&siteCode: the signed-in customer's open carts of a site, newest first. */
export async function customerCarts(ctx: DbCtx, call: CartCall, customerId: string, siteCode: string) {
  if (call.principal.customerId !== customerId) throw forbidden('Only your own carts can be listed')
  await requireSite(ctx, siteCode, 'query.siteCode')
  const rows = await repo.findCustomerCarts(ctx.db, customerId, siteCode)
  return Promise.all(rows.map((row) => getCart(ctx, call, row.id)))
}

/**
 * POST carts/{id}/changeSite: the cart moves to another site, takes its currency, and is priced from the
 * new site's prices at the next read. Coupons of a fixed amount with no amount in the new currency are dropped.
 */
export async function changeSite(
  ctx: DbCtx,
  call: CartCall,
  cartId: string,
  siteCode: string,
): Promise<Cart> {
  const site = await requireSite(ctx, siteCode, 'body.siteCode')
  await writeCart(ctx, { ...call, siteCode: undefined }, cartId, async (db, { cart }) => {
    if (cart.site_code === site.code) return
    await repo.updateCart(db, cart.id, { site_code: site.code, currency: site.currency })
    const rows = await discountRepo.findDiscounts(db, cart.id)
    const found = await coupons.findCoupons(
      { db },
      rows.map((r) => r.coupon_code),
    )
    const stale = found.filter((c) => coupons.lacksCurrency(c, site.currency))
    await discountRepo.deleteDiscounts(
      db,
      cart.id,
      stale.map((c) => c.code),
    )
  })
  return getCart(ctx, { ...call, siteCode: site.code }, cartId)
}

/**
 * POST carts/{id}/merge: the listed carts (the caller's own, e.g. the anonymous cart of this session) are
 * merged into this one in one transaction: quantities of the same item add up, notes and coupons move, and
 * the merged carts are closed (status MERGED).
 */
export async function mergeCarts(
  ctx: DbCtx,
  call: CartCall,
  cartId: string,
  sourceIds: string[],
): Promise<Cart> {
  await writeCart(ctx, call, cartId, async (db, { cart }) => {
    for (const sourceId of new Set(sourceIds)) {
      if (sourceId === cart.id) continue
      const source = await repo.lockCart(db, sourceId)
      if (!source || !owns(call.principal, source) || source.status !== 'OPEN')
        throw notFound('Cart', sourceId)
      for (const item of await repo.findItems(db, source.id)) {
        await repo.mergeItem(db, {
          cartId: cart.id,
          itemYrn: item.item_yrn,
          productId: item.product_id,
          variantId: item.variant_id,
          quantity: item.quantity,
          note: item.note,
        })
      }
      for (const discount of await discountRepo.findDiscounts(db, source.id))
        await discountRepo.addDiscount(db, cart.id, discount.coupon_code)
      if (!cart.country_code && source.country_code)
        await repo.updateCart(db, cart.id, { country_code: source.country_code, zip_code: source.zip_code })
      await repo.updateCart(db, source.id, { status: 'MERGED' })
    }
  })
  return getCart(ctx, call, cartId)
}
