import type { Db } from '../../platform/db/database.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { orderReader, queueOrderConfirmation } from '../order/confirmation.service.ts'
import * as orders from '../order/order.service.ts'
import { type AttemptStatus, moveAttempt, type PaymentAttempt } from './attempt.repository.ts'
import { rolledBack } from './checkout.errors.ts'
import type { OrderDraft } from './order-draft.ts'

export interface WriteOptions {
  /** Guard: only if nobody touched the attempt since (the sweep's claim). */
  updatedAt?: string
  /** Runs inside the transaction that writes the order (the Idempotency-Key store saves the answer there). */
  onOrdered?: (trx: Db, orderId: string) => Promise<void>
}

/**
 * Write the order: the attempt moves to `done` (only from `from`), the order module writes the order and queues
 * its confirmation mail, in one transaction; 409 checkout_rolled_back when the guard fails (the recovery took the
 * attempt meanwhile).
 */
export async function writeOrder(
  ctx: Pick<AppContext, 'db' | 'config'>,
  attempt: PaymentAttempt,
  draft: OrderDraft,
  paid: { chargeId: string; brand: string; last4: string },
  from: AttemptStatus[],
  options: WriteOptions = {},
): Promise<void> {
  const { language: acceptLanguage, ...order } = draft
  const reader = await orderReader(ctx.db, order.principal.customerId, acceptLanguage)
  await ctx.db.transaction().execute(async (trx) => {
    const moved = await moveAttempt(trx, attempt.id, from, 'done', {
      chargeId: paid.chargeId,
      updatedAt: options.updatedAt,
    })
    if (!moved) throw rolledBack('The payment took too long and was refunded; please try again')
    const written = await orders.createOrder(
      trx,
      {
        ...order,
        id: attempt.id,
        payment: {
          method: attempt.paymentId,
          brand: paid.brand,
          last4: paid.last4,
          chargeId: paid.chargeId,
          amountMinor: attempt.amountMinor,
          status: 'PAID',
        },
      },
      reader.language,
    )
    await queueOrderConfirmation({ ...ctx, db: trx }, written, reader)
    await options.onOrdered?.(trx, attempt.id)
  })
}
