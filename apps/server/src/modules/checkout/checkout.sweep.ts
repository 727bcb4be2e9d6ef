import type { FastifyInstance } from 'fastify'
import type { Config } from '../../platform/config.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { repeat } from '../../platform/repeat.ts'
import * as mail from '../mail/mail.service.ts'
import { paymentsOf } from '../payment/payment.service.ts'
import { awaitingAttempts, moveAttempt, type PaymentAttempt, staleAttempts } from './attempt.repository.ts'
import { settleAuthentication } from './authentication.ts'
import { recoverAttempt } from './compensation.ts'
import { deleteExpiredKeys } from './idempotency.repository.ts'
import { release } from './reserve.ts'

type Ctx = Pick<AppContext, 'db' | 'log' | 'config'>

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

/**
 * The sweep every process runs at start-up and every `sweepEveryMs` (tests call it directly): recovers
 * attempts older than `olderThanMs`, settles those awaiting an authentication for longer than
 * `authenticationTimeoutMs` (default: the app's CHECKOUT_AUTHENTICATION_TIMEOUT_SECONDS) and deletes expired
 * idempotency keys.
 */
export async function recoverStaleAttempts(
  ctx: Ctx,
  options: { olderThanMs: number; authenticationTimeoutMs?: number },
): Promise<{ recovered: number; settled: number; expiredKeys: number }> {
  const now = Date.now()
  const timeoutMs = options.authenticationTimeoutMs ?? checkoutTiming(ctx.config).authenticationTimeoutMs
  const awaiting = await awaitingAttempts(ctx.db, new Date(now - timeoutMs).toISOString())
  const settled = await countDone(ctx, awaiting, settleAwaitingAttempt, 'settling an authentication failed')
  const stale = await staleAttempts(ctx.db, new Date(now - options.olderThanMs).toISOString())
  const recovered = await countDone(ctx, stale, recoverAttempt, 'checkout recovery failed')
  const expiredKeys = await deleteExpiredKeys(ctx.db, new Date(now).toISOString())
  if (recovered > 0) ctx.log.warn({ recovered }, 'checkout recovery refunded and released stale attempts')
  if (settled > 0) ctx.log.warn({ settled }, 'checkout sweep settled attempts left awaiting authentication')
  return { recovered, settled, expiredKeys }
}

/** Runs `work` on each attempt, one after the other; a failure is logged and retried at the next sweep. */
async function countDone(
  ctx: Ctx,
  attempts: PaymentAttempt[],
  work: (ctx: Ctx, attempt: PaymentAttempt) => Promise<boolean>,
  failure: string,
): Promise<number> {
  let done = 0
  for (const attempt of attempts) {
    try {
      if (await work(ctx, attempt)) done += 1
    } catch (error) {
      ctx.log.error({ err: error, attemptId: attempt.id }, `${failure}; retried at the next sweep`)
    }
  }
  return done
}

/**
 * An attempt left awaiting an authentication past the timeout (the shopper closed the page) is claimed by
 * touching it (one process wins; a process that dies leaves it for the next timeout), then settled from its
 * PaymentIntent: an order (its confirmation queued with it) when the authentication succeeded, else released.
 */
async function settleAwaitingAttempt(ctx: Ctx, attempt: PaymentAttempt): Promise<boolean> {
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
  // The provider knows no such charge: nothing was taken.
  if (!charge) return release(ctx.db, mine, ['awaiting_authentication'], 'released', now)
  const settled = await settleAuthentication(ctx, mine, charge, { to: 'released', updatedAt: now })
  if (settled.ok) mail.wake(ctx)
  return true
}

/**
 * Every process sweeps the journal of checkouts that died (docs/decisions/0008) when it starts and then every
 * CHECKOUT_SWEEP_SECONDS; the guarded journal lets several processes sweep at once.
 */
export function sweepPaymentAttempts(app: FastifyInstance, ctx: AppContext): void {
  const timing = checkoutTiming(ctx.config)
  const sweep = () => recoverStaleAttempts(ctx, { olderThanMs: timing.recoverAfterMs })
  let stop: (() => void) | undefined
  app.addHook('onReady', async () => {
    await sweep()
    stop = repeat(sweep, timing.sweepEveryMs, (error) =>
      ctx.log.error({ err: error }, 'checkout sweep failed'),
    )
  })
  app.addHook('onClose', async () => stop?.())
}
