import type { Db } from '../../platform/db/database.ts'
import { conflict } from '../../platform/http/errors.ts'
import * as carts from '../cart/cart.service.ts'
import * as stock from '../catalogue/stock.service.ts'
import * as coupons from '../coupon/coupon.service.ts'
import { type AttemptStatus, insertAttempt, moveAttempt, type PaymentAttempt } from './attempt.repository.ts'
import { outOfStock } from './checkout.errors.ts'

export type NewAttempt = Omit<PaymentAttempt, 'status' | 'chargeId' | 'updatedAt' | 'orderDraft'>

/**
 * Reserve: claims the cart, redeems the coupons, reserves the stock and journals the pending payment attempt,
 * in one short transaction committed before the provider is called. Each part is its owner's: the cart's claim,
 * the coupon's redemption, the catalogue's stock. The cart, then coupons, then stock rows in one order for
 * every checkout, so concurrent ones never deadlock; the stock rows, which every checkout of a popular product
 * waits for, last. `itemYrns[i]` names line i in an out-of-stock answer;
 * `customerId` is whom the coupons' redemptions count for (their per-customer limits).
 */
export async function reserve(
  db: Db,
  attempt: NewAttempt,
  itemYrns: string[],
  customerId: string | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await carts.markOrdered(trx, attempt.cartId))) {
      throw conflict('cart_already_ordered', `Cart ${attempt.cartId} was ordered already`)
    }
    // The journal entry before the rows other checkouts wait for (a coupon's, a popular product's stock): those
    // are taken last and held only until the commit.
    await insertAttempt(trx, attempt)
    const redeemed = await coupons.redeemAll(trx, {
      attemptId: attempt.id,
      customerId,
      codes: attempt.coupons,
    })
    if (redeemed !== 'ok') {
      throw conflict(
        'coupon_redemptions_exceeded',
        redeemed === 'used_up'
          ? 'A coupon of the cart has been used up'
          : 'A coupon of the cart has been redeemed as often as one customer may',
      )
    }
    const short = await stock.reserve(trx, attempt.lines)
    if (short !== undefined) throw outOfStock(itemYrns[short] ?? '', 'not enough in stock')
  })
}

/**
 * The undo of `reserve`, once: only the caller that moves the attempt out of `from` (and, when given, untouched
 * since `updatedAt`) gives back the cart, the coupon redemptions and the stock, in the same transaction.
 */
export function release(
  db: Db,
  attempt: PaymentAttempt,
  from: AttemptStatus[],
  to: AttemptStatus,
  updatedAt?: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await moveAttempt(trx, attempt.id, from, to, { updatedAt }))) return false
    await carts.reopen(trx, attempt.cartId)
    await coupons.unredeemAll(trx, attempt.id, attempt.coupons)
    await stock.release(trx, attempt.lines)
    return true
  })
}
