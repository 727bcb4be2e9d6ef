import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/database.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { conflict } from '../../platform/http/errors.ts'
import { sendOrderConfirmation } from '../mail/order-confirmation.ts'
import { createOrder, type NewOrder, returnStock } from '../order/order.service.ts'
import { type ChargeState, paymentsOf } from '../payment/payment.service.ts'
import {
  type AttemptStatus,
  awaitingAttempts,
  deleteExpiredKeys,
  findAttempt,
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
  /** An attempt awaiting the shopper's 3-D Secure authentication is settled by the sweep after this long. */
  authenticationTimeoutMs: number
}

export function checkoutTiming(
  config: Pick<
    Config,
    'checkoutRecoverAfterSeconds' | 'checkoutSweepSeconds' | 'checkoutAuthenticationTimeoutSeconds'
  >,
): CheckoutTiming {
  return {
    recoverAfterMs: config.checkoutRecoverAfterSeconds * 1000,
    sweepEveryMs: config.checkoutSweepSeconds * 1000,
    authenticationTimeoutMs: config.checkoutAuthenticationTimeoutSeconds * 1000,
  }
}

/** Everything of the order but its id and payment: priced by the checkout, kept while an authentication runs. */
export type OrderDraft = Omit<NewOrder, 'id' | 'payment'> & {
  /** The order request's Accept-Language: the confirmation mail of an order the sweep writes speaks it. */
  language?: string
}

/**
 * Step 3 of the saga: the attempt moves to `done` (only from `from`, and only if untouched since `updatedAt`
 * when given) and the order is written, in one transaction; 409 checkout_rolled_back when the guard fails.
 */
export async function writeOrder(
  db: Db,
  attempt: PaymentAttempt,
  draft: OrderDraft,
  paid: { chargeId: string; brand: string; last4: string },
  from: AttemptStatus[],
  options: { updatedAt?: string; onOrdered?: (trx: Db, orderId: string) => Promise<void> } = {},
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const moved = await moveAttempt(trx, attempt.id, from, 'done', {
      chargeId: paid.chargeId,
      updatedAt: options.updatedAt,
    })
    if (!moved)
      throw conflict('checkout_rolled_back', 'The payment took too long and was refunded; please try again')
    const { language: _language, ...order } = draft
    await createOrder(trx, {
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
    })
    await options.onOrdered?.(trx, attempt.id)
  })
}

export type Settled = { ok: true } | { ok: false; code: 'authentication_failed' | 'payment_intent_mismatch' }

/**
 * Ends an `awaiting_authentication` attempt from its charge as the provider knows it (ADR 0021): succeeded
 * with the attempt's amount, currency and id → the order (awaiting_authentication → done in its transaction);
 * anything else → the charge is cancelled and the attempt released (stock, coupons, cart back). A charge that
 * succeeded but cannot become the order (another amount, a failing write) is refunded. `updatedAt` (the
 * sweep's claim) guards against acting on an attempt someone else moved meanwhile.
 */
export async function settleAuthentication(
  ctx: Pick<AppContext, 'db' | 'config'>,
  attempt: PaymentAttempt,
  charge: ChargeState,
  options: {
    to: 'failed' | 'released'
    updatedAt?: string
    onOrdered?: (trx: Db, orderId: string) => Promise<void>
  },
): Promise<Settled> {
  const authentication = paymentsOf(ctx).authentication(attempt.paymentId)
  if (!authentication || !attempt.chargeId || !attempt.orderDraft)
    throw new Error(`Attempt ${attempt.id} cannot be settled: no authentication, charge or order draft`)
  let state = charge
  if (state.status !== 'succeeded') state = await authentication.cancel(attempt.chargeId)
  if (state.status !== 'succeeded') {
    const released = await releaseAttempt(
      ctx.db,
      attempt,
      ['awaiting_authentication'],
      options.to,
      options.updatedAt,
    )
    if (!released && (await isDone(ctx.db, attempt.id))) return { ok: true }
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
    await writeOrder(ctx.db, attempt, draft, state, ['awaiting_authentication'], options)
    return { ok: true }
  } catch (error) {
    // Only the one that moves the attempt on refunds: another settler may just have written its order.
    const taken = await moveAttempt(ctx.db, attempt.id, ['awaiting_authentication'], 'charged', {
      updatedAt: options.updatedAt,
    })
    if (taken) await refundAndRelease(ctx, { ...attempt, chargeId: state.chargeId })
    else if (await isDone(ctx.db, attempt.id)) return { ok: true }
    if (!matches) return { ok: false, code: 'payment_intent_mismatch' }
    throw error
  }
}

const isDone = async (db: Db, id: string) => (await findAttempt(db, id))?.status === 'done'

/**
 * The sweep's part of ADR 0021: an attempt left awaiting an authentication past the timeout (the shopper
 * closed the page) is claimed by touching it (one process wins; a process that dies leaves it for the next
 * timeout), then settled from its PaymentIntent: an order when the authentication succeeded, else released.
 */
export async function settleAwaitingAttempt(
  ctx: Pick<AppContext, 'db' | 'config' | 'log'>,
  attempt: PaymentAttempt,
): Promise<boolean> {
  const now = new Date().toISOString()
  const claimed = await moveAttempt(
    ctx.db,
    attempt.id,
    ['awaiting_authentication'],
    'awaiting_authentication',
    {
      updatedAt: attempt.updatedAt,
      now,
    },
  )
  if (!claimed) return false
  const mine = { ...attempt, updatedAt: now }
  const charge = attempt.chargeId
    ? await paymentsOf(ctx).authentication(attempt.paymentId)?.retrieve(attempt.chargeId)
    : undefined
  if (!charge) {
    // The provider knows no such charge: nothing was taken.
    return releaseAttempt(ctx.db, mine, ['awaiting_authentication'], 'released', now)
  }
  const settled = await settleAuthentication(ctx, mine, charge, { to: 'released', updatedAt: now })
  // The shopper left before the order existed: the sweep sends its confirmation (at most once per order,
  // so a late re-submission that finds the order done sends nothing more).
  if (settled.ok) {
    const draft = JSON.parse(attempt.orderDraft ?? '{}') as Partial<OrderDraft>
    await sendOrderConfirmation(ctx, attempt.id, draft.language)
  }
  return true
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
    else if (result.code === 'requires_action') {
      // The shopper never got the challenge: give the intent up (unless it succeeded after all: refund it).
      const state = await paymentsOf(ctx).authentication(attempt.paymentId)?.cancel(result.intentId)
      if (state?.status === 'succeeded') chargeId = state.chargeId
    }
  }
  if (chargeId) await paymentsOf(ctx).refund(attempt.paymentId, chargeId, ctx.db)
  return releaseAttempt(ctx.db, attempt, ['recovering'], 'released', now)
}

/**
 * The sweep every process runs at start-up and every `sweepEveryMs` (tests call it directly): recovers
 * attempts older than `olderThanMs`, settles those awaiting an authentication for longer than
 * `authenticationTimeoutMs` (default: the app's CHECKOUT_AUTHENTICATION_TIMEOUT_SECONDS) and deletes expired
 * idempotency keys.
 */
export async function recoverStaleAttempts(
  ctx: Pick<AppContext, 'db' | 'log' | 'config'>,
  options: { olderThanMs: number; authenticationTimeoutMs?: number },
): Promise<{ recovered: number; settled: number; expiredKeys: number }> {
  const now = Date.now()
  let recovered = 0
  let settled = 0
  const timeoutMs = options.authenticationTimeoutMs ?? checkoutTiming(ctx.config).authenticationTimeoutMs
  for (const attempt of await awaitingAttempts(ctx.db, new Date(now - timeoutMs).toISOString())) {
    try {
      if (await settleAwaitingAttempt(ctx, attempt)) settled += 1
    } catch (error) {
      ctx.log.error({ err: error, attemptId: attempt.id }, 'settling an authentication failed; retried later')
    }
  }
  for (const attempt of await staleAttempts(ctx.db, new Date(now - options.olderThanMs).toISOString())) {
    try {
      if (await recoverAttempt(ctx, attempt)) recovered += 1
    } catch (error) {
      ctx.log.error({ err: error, attemptId: attempt.id }, 'checkout recovery failed; retried next sweep')
    }
  }
  const expiredKeys = await deleteExpiredKeys(ctx.db, new Date(now).toISOString())
  if (recovered > 0) ctx.log.warn({ recovered }, 'checkout recovery refunded and released stale attempts')
  if (settled > 0) ctx.log.warn({ settled }, 'checkout sweep settled attempts left awaiting authentication')
  return { recovered, settled, expiredKeys }
}
