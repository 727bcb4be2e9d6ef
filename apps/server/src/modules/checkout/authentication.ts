import type { OrderRequest } from '@shop/contracts/order'
import type { Principal } from '../../platform/auth/tokens.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { AppError, conflict } from '../../platform/http/errors.ts'
import { type ChargeState, paymentsOf } from '../payment/payment.service.ts'
import { findAttempt, moveAttempt, type PaymentAttempt } from './attempt.repository.ts'
import { rolledBack } from './checkout.errors.ts'
import { refundAndRelease } from './compensation.ts'
import { type OrderDraft, sameCaller } from './order-draft.ts'
import { release } from './reserve.ts'
import { type WriteOptions, writeOrder } from './write-order.ts'

type Ctx = Pick<AppContext, 'db' | 'config'>

/**
 * The re-submission after 3-D Secure (ADR 0021): the PaymentIntent must be the one journaled for an attempt
 * of this caller's cart; then `settleAuthentication` requires it to have succeeded with the attempt's amount,
 * currency and id before it writes the order, or cancels it and releases the attempt (402
 * authentication_failed). Anything that does not fit is refused without touching the attempt.
 */
export async function completeAuthentication(
  ctx: AppContext,
  principal: Principal,
  request: OrderRequest,
  options: Pick<WriteOptions, 'onOrdered'>,
): Promise<string> {
  const intentId = request.payment.paymentIntentId ?? ''
  const authentication = paymentsOf(ctx).authentication(request.payment.paymentId)
  const charge = authentication ? await authentication.retrieve(intentId) : undefined
  const attempt = charge?.reference ? await findAttempt(ctx.db, charge.reference) : undefined
  const draft = attempt?.orderDraft ? (JSON.parse(attempt.orderDraft) as OrderDraft) : undefined
  const fits =
    charge &&
    attempt &&
    draft &&
    attempt.chargeId === charge.chargeId &&
    attempt.cartId === request.cartId &&
    attempt.paymentId === request.payment.paymentId &&
    sameCaller(draft, principal)
  if (!fits) throw intentMismatch()
  if (attempt.status === 'done') {
    // settled already (by the sweep, or a concurrent re-submission): this caller's order
    await options.onOrdered?.(ctx.db, attempt.id)
    return attempt.id
  }
  if (attempt.status !== 'awaiting_authentication')
    throw rolledBack('This payment was not completed in time; please try again')
  const settled = await settleAuthentication(ctx, attempt, charge, { ...options, to: 'failed' })
  if (settled.ok) return attempt.id
  if (settled.code === 'payment_intent_mismatch') throw intentMismatch()
  const message = 'The authentication with your bank failed'
  throw new AppError(402, 'authentication_failed', message, [
    { field: 'payment', type: 'authentication_failed', message },
  ])
}

const intentMismatch = () =>
  conflict('payment_intent_mismatch', 'This payment does not belong to this checkout', [
    { field: 'body.payment.paymentIntentId', type: 'payment_intent_mismatch', message: 'not this checkout' },
  ])

export type Settled = { ok: true } | { ok: false; code: 'authentication_failed' | 'payment_intent_mismatch' }

/**
 * Ends an `awaiting_authentication` attempt from its charge as the provider knows it (ADR 0021): succeeded
 * with the attempt's amount, currency and id → the order (awaiting_authentication → done in its transaction);
 * anything else → the charge is cancelled and the attempt released (stock, coupons, cart back). A charge that
 * succeeded but cannot become the order (another amount, a failing write) is refunded. `updatedAt` (the
 * sweep's claim) guards against acting on an attempt someone else moved meanwhile.
 */
export async function settleAuthentication(
  ctx: Ctx,
  attempt: PaymentAttempt,
  charge: ChargeState,
  options: WriteOptions & { to: 'failed' | 'released' },
): Promise<Settled> {
  const authentication = paymentsOf(ctx).authentication(attempt.paymentId)
  if (!authentication || !attempt.chargeId || !attempt.orderDraft)
    throw new Error(`Attempt ${attempt.id} cannot be settled: no authentication, charge or order draft`)
  let state = charge
  if (state.status !== 'succeeded') state = await authentication.cancel(attempt.chargeId)
  if (state.status !== 'succeeded') {
    const released = await release(
      ctx.db,
      attempt,
      ['awaiting_authentication'],
      options.to,
      options.updatedAt,
    )
    if (!released && (await isDone(ctx, attempt.id))) return { ok: true }
    return { ok: false, code: 'authentication_failed' }
  }
  const matches =
    state.chargeId === attempt.chargeId &&
    state.amountMinor === attempt.amountMinor &&
    state.currency === attempt.currency &&
    state.reference === attempt.id
  try {
    if (!matches) throw conflict('payment_intent_mismatch', 'The payment does not match this checkout')
    const draft = JSON.parse(attempt.orderDraft) as OrderDraft
    await writeOrder(ctx, attempt, draft, state, ['awaiting_authentication'], options)
    return { ok: true }
  } catch (error) {
    // Only the one that moves the attempt on refunds: another settler may just have written its order.
    const taken = await moveAttempt(ctx.db, attempt.id, ['awaiting_authentication'], 'charged', {
      updatedAt: options.updatedAt,
    })
    if (taken) await refundAndRelease(ctx, { ...attempt, chargeId: state.chargeId })
    else if (await isDone(ctx, attempt.id)) return { ok: true }
    if (!matches) return { ok: false, code: 'payment_intent_mismatch' }
    throw error
  }
}

const isDone = async (ctx: Ctx, id: string) => (await findAttempt(ctx.db, id))?.status === 'done'
