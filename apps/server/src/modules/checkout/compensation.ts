import type { AppContext } from '../../platform/http/context.ts'
import { paymentsOf } from '../payment/payment.service.ts'
import { moveAttempt, type PaymentAttempt } from './attempt.repository.ts'
import { release } from './reserve.ts'

type Ctx = Pick<AppContext, 'db' | 'config'>

/** What the provider is asked to charge for an attempt; the attempt id is the provider's idempotency key. */
export const chargeRequest = (attempt: PaymentAttempt) => ({
  token: attempt.token,
  amountMinor: attempt.amountMinor,
  currency: attempt.currency,
  idempotencyKey: attempt.id,
})

/** A failure after the charge: refund it, then release. A refund that fails leaves it to the recovery. */
export async function refundAndRelease(ctx: Ctx, attempt: PaymentAttempt): Promise<void> {
  if (attempt.chargeId) await paymentsOf(ctx).refund(attempt.paymentId, attempt.chargeId, ctx.db)
  await release(ctx.db, attempt, ['pending', 'charged'], 'failed')
}

/**
 * Ends an attempt that did not become an order: claims it (one process wins), asks the provider for the
 * charge again under the same idempotency key (an idempotent provider answers with the charge it made, or
 * makes one now), refunds it, then releases stock, coupons and cart.
 */
export async function recoverAttempt(ctx: Ctx, attempt: PaymentAttempt): Promise<boolean> {
  const now = new Date().toISOString()
  const claimed = await moveAttempt(ctx.db, attempt.id, [attempt.status], 'recovering', {
    updatedAt: attempt.updatedAt || undefined,
    now,
  })
  if (!claimed) return false
  const payments = paymentsOf(ctx)
  let chargeId = attempt.chargeId
  if (!chargeId) {
    const result = await payments.charge(attempt.paymentId, chargeRequest(attempt), ctx.db)
    if (result.ok) chargeId = result.chargeId
    else if (result.code === 'requires_action') {
      // The shopper never got the challenge: give the intent up (unless it succeeded after all: refund it).
      const state = await payments.authentication(attempt.paymentId)?.cancel(result.intentId)
      if (state?.status === 'succeeded') chargeId = state.chargeId
    }
  }
  if (chargeId) await payments.refund(attempt.paymentId, chargeId, ctx.db)
  return release(ctx.db, attempt, ['recovering'], 'released', now)
}
