import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/database.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { returnStock } from '../order/order.service.ts'
import { paymentsOf } from '../payment/payment.service.ts'
import {
  type AttemptStatus,
  deleteExpiredKeys,
  moveAttempt,
  type PaymentAttempt,
  reopenCart,
  staleAttempts,
  unredeemCoupon,
} from './checkout.repository.ts'

/** How the checkout's journal is swept (settings CHECKOUT_RECOVER_AFTER_SECONDS, CHECKOUT_SWEEP_SECONDS). */
export interface CheckoutTiming {
  /** A pending attempt untouched this long belongs to a request that died: it is refunded and released. */
  recoverAfterMs: number
  /** How often every process sweeps (stale attempts, expired idempotency keys). */
  sweepEveryMs: number
}

export function checkoutTiming(
  config: Pick<Config, 'checkoutRecoverAfterSeconds' | 'checkoutSweepSeconds'>,
): CheckoutTiming {
  return {
    recoverAfterMs: config.checkoutRecoverAfterSeconds * 1000,
    sweepEveryMs: config.checkoutSweepSeconds * 1000,
  }
}

export const chargeRequest = (attempt: PaymentAttempt) => ({
  token: attempt.token,
  amountMinor: attempt.amountMinor,
  currency: attempt.currency,
  idempotencyKey: attempt.id,
})

/**
 * Gives back what step 1 of the checkout took (stock, coupon redemptions, the cart), once: only the caller
 * that moves the attempt out of `from` releases, in the same transaction.
 */
export function releaseAttempt(
  db: Db,
  attempt: PaymentAttempt,
  from: AttemptStatus[],
  to: AttemptStatus,
  updatedAt?: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await moveAttempt(trx, attempt.id, from, to, { updatedAt }))) return false
    await reopenCart(trx, attempt.cartId)
    for (const code of attempt.coupons) await unredeemCoupon(trx, code)
    for (const line of attempt.lines) await returnStock(trx, line)
    return true
  })
}

/** A failure after the charge: refund it, then release. A refund that fails leaves it to the recovery. */
export async function refundAndRelease(ctx: Pick<AppContext, 'db' | 'config'>, attempt: PaymentAttempt) {
  if (attempt.chargeId) await paymentsOf(ctx).refund(attempt.paymentId, attempt.chargeId, ctx.db)
  await releaseAttempt(ctx.db, attempt, ['pending', 'charged'], 'failed')
}

/**
 * Ends an attempt that did not become an order: claims it (one process wins), asks the provider for the
 * charge again under the same idempotency key (an idempotent provider answers with the charge it made, or
 * makes one now), refunds it, then releases stock, coupons and cart.
 */
export async function recoverAttempt(
  ctx: Pick<AppContext, 'db' | 'config'>,
  attempt: PaymentAttempt,
): Promise<boolean> {
  const now = new Date().toISOString()
  const claimed = await moveAttempt(ctx.db, attempt.id, [attempt.status], 'recovering', {
    updatedAt: attempt.updatedAt || undefined,
    now,
  })
  if (!claimed) return false
  let chargeId = attempt.chargeId
  if (!chargeId) {
    const result = await paymentsOf(ctx).charge(attempt.paymentId, chargeRequest(attempt), ctx.db)
    if (result.ok) chargeId = result.chargeId
  }
  if (chargeId) await paymentsOf(ctx).refund(attempt.paymentId, chargeId, ctx.db)
  return releaseAttempt(ctx.db, attempt, ['recovering'], 'released', now)
}

/**
 * The sweep every process runs at start-up and every `sweepEveryMs` (tests call it directly): recovers
 * attempts older than `olderThanMs` and deletes expired idempotency keys.
 */
export async function recoverStaleAttempts(
  ctx: Pick<AppContext, 'db' | 'log' | 'config'>,
  options: { olderThanMs: number },
): Promise<{ recovered: number; expiredKeys: number }> {
  const now = Date.now()
  let recovered = 0
  for (const attempt of await staleAttempts(ctx.db, new Date(now - options.olderThanMs).toISOString())) {
    try {
      if (await recoverAttempt(ctx, attempt)) recovered += 1
    } catch (error) {
      ctx.log.error({ err: error, attemptId: attempt.id }, 'checkout recovery failed; retried next sweep')
    }
  }
  const expiredKeys = await deleteExpiredKeys(ctx.db, new Date(now).toISOString())
  if (recovered > 0) ctx.log.warn({ recovered }, 'checkout recovery refunded and released stale attempts')
  return { recovered, expiredKeys }
}
