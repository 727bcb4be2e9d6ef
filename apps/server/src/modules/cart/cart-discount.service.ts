import type { AppContext } from '../../platform/http/context.ts'
import { notFound } from '../../platform/http/errors.ts'
import { taxFor } from '../calculation/tax.rules.ts'
import { calculate } from '../calculation/totals.rules.ts'
import * as coupons from '../coupon/coupon.service.ts'
import * as pricing from '../pricing/pricing.service.ts'
import * as repo from './cart.repository.ts'
import { type CartCall, refOf, writeCart } from './cart.service.ts'
import * as discountRepo from './cart-discount.repository.ts'

type DbCtx = Pick<AppContext, 'db'>

/**
 * POST carts/{id}/discounts: redeems a coupon on the cart if every rule holds for the cart as it is now
 * (spec §8: 404 unknown, 403 customers-only for an anonymous caller, 400 with the broken rules).
 */
export async function addDiscount(ctx: DbCtx, call: CartCall, cartId: string, code: string): Promise<string> {
  return writeCart(ctx, call, cartId, async (db, { cart, site }) => {
    const coupon = await coupons.findCoupon({ db }, code, call.principal.customerId)
    if (!coupon) throw notFound('Coupon', code)
    const items = await repo.findItems(db, cart.id)
    const priced = await pricing.priceItems({ db }, site, site.defaultLanguage, items.map(refOf))
    const goods = calculate({
      currency: cart.currency,
      lines: items.map((i) => pricing.toCalcLine(i.id, priced.get(i.item_yrn), i.quantity)),
      tax: taxFor(site.tax, cart.country_code),
    })
    coupons.assertRedeemable(coupon, {
      now: new Date().toISOString(),
      currency: cart.currency,
      subtotalMinor: goods.subtotalMinor,
      customerId: call.principal.customerId,
    })
    return discountRepo.addDiscount(db, cart.id, coupon.code)
  })
}

export async function removeDiscount(ctx: DbCtx, call: CartCall, cartId: string, discountId: string) {
  await writeCart(ctx, call, cartId, async (db, { cart }) => {
    const result = await discountRepo.deleteDiscount(db, cart.id, discountId)
    if (Number(result.numDeletedRows) === 0) throw notFound('Discount', discountId)
  })
}

export async function removeDiscounts(ctx: DbCtx, call: CartCall, cartId: string) {
  await writeCart(ctx, call, cartId, async (db, { cart }) => {
    await discountRepo.deleteDiscounts(db, cart.id)
  })
}
