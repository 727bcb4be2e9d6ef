import type { AppContext } from '../../platform/http/context.ts'
import { AppError } from '../../platform/http/errors.ts'
import { paymentsOf } from '../payment/payment.service.ts'
import { moveAttempt, type PaymentAttempt } from './attempt.repository.ts'
import { rolledBack } from './checkout.errors.ts'
import { chargeRequest, recoverAttempt, refundAndRelease } from './compensation.ts'
import type { OrderDraft } from './order-draft.ts'
import { release } from './reserve.ts'
import { type WriteOptions, writeOrder } from './write-order.ts'

/** A charge the provider accepted. */
export interface Paid {
  chargeId: string
  brand: string
  last4: string
}

/**
 * Charge, outside any transaction (an external provider is an HTTP call). A provider that fails unexpectedly
 * leaves the attempt to the recovery (tried at once, else by the sweep); a decline releases the reservation
 * (402 with the card's code); a 3-D Secure challenge keeps it, journals the intent and the order to write, and
 * answers 402 payment_requires_action with the client secret (ADR 0021).
 */
export async function charge(ctx: AppContext, attempt: PaymentAttempt, draft: OrderDraft): Promise<Paid> {
  const payments = paymentsOf(ctx)
  const result = await payments
    .charge(attempt.paymentId, chargeRequest(attempt), ctx.db)
    .catch(async (error) => {
      await recoverAttempt(ctx, attempt).catch((e) => leftForRecovery(ctx, attempt.id, e))
      throw error
    })
  if (!result.ok && result.code === 'requires_action') {
    const waiting = await moveAttempt(ctx.db, attempt.id, ['pending'], 'awaiting_authentication', {
      chargeId: result.intentId,
      orderDraft: JSON.stringify(draft),
    })
    if (!waiting) throw rolledBack()
    throw new AppError(402, 'payment_requires_action', 'Your bank asks you to authenticate the payment', [
      { field: 'payment', type: 'payment_requires_action', message: result.clientSecret },
    ])
  }
  if (!result.ok) {
    await release(ctx.db, attempt, ['pending'], 'failed')
    throw new AppError(402, result.code, result.message, [
      { field: 'payment', type: result.code, message: result.message },
    ])
  }
  return result
}

/**
 * Write the paid order: the attempt records its charge, then the order and the end of the attempt commit
 * together. Anything failing on the way refunds the charge and releases the reservation.
 */
export async function writePaidOrder(
  ctx: AppContext,
  attempt: PaymentAttempt,
  draft: OrderDraft,
  paid: Paid,
  options: WriteOptions,
): Promise<void> {
  try {
    await moveAttempt(ctx.db, attempt.id, ['pending'], 'charged', { chargeId: paid.chargeId })
    await writeOrder(ctx, attempt, draft, paid, ['pending', 'charged'], options)
  } catch (error) {
    await refundAndRelease(ctx, { ...attempt, chargeId: paid.chargeId }).catch((e) =>
      leftForRecovery(ctx, attempt.id, e),
    )
    throw error
  }
}

function leftForRecovery(ctx: AppContext, attemptId: string, error: unknown) {
  ctx.log.error({ err: error, attemptId }, 'checkout compensation failed; left to the recovery')
}
