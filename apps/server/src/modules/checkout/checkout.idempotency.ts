import { createHash } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { OrderRequest } from '@shop/contracts/order'
import type { Principal } from '../../platform/auth/tokens.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { AppError } from '../../platform/http/errors.ts'
import {
  claimKey,
  findKey,
  releaseKey,
  type StoredKey,
  saveKeyResponse,
  takeOverKey,
} from './idempotency.repository.ts'
import { placeOrder } from './place-order.service.ts'

/** A key is kept this long; after that the same key is a new request. */
const KEY_TTL_MS = 24 * 60 * 60 * 1000
/** A duplicate waits this long for the first request's answer before it gets 409 in progress. */
const WAIT_MS = 15_000
/** A key still in progress after this long belongs to a request that died; a retry may take it over. */
const STALE_MS = 5 * 60 * 1000

export interface PlacedOrder {
  orderId: string
  /** True when this is the stored answer of an earlier request with the same Idempotency-Key. */
  replayed: boolean
}

/**
 * `POST checkouts/order` with an optional Idempotency-Key (docs/decisions/0018): keys are per caller; the
 * first request with a key runs and its answer (201 or a 4xx error) is stored with the key, the 201 in the
 * same transaction as the order; the same key with the same body replays that answer; with another body it
 * is 422 idempotency_key_reused; a duplicate sent while the first runs waits for its answer (409
 * idempotency_key_in_progress after 15 s). A 5xx frees the key so that a retry runs again. A stored 402
 * payment_requires_action is the one answer a request may follow up: the same body plus
 * `payment.paymentIntentId` (the hash leaves it out) runs again under the key, after 3-D Secure (ADR 0021).
 */
export async function placeOrderOnce(
  ctx: AppContext,
  principal: Principal,
  request: OrderRequest,
  options: { idempotencyKey?: string; language?: string } = {},
): Promise<PlacedOrder> {
  const key = options.idempotencyKey
  if (!key) return { orderId: await placeOrder(ctx, principal, request, options.language), replayed: false }
  const scope = principal.customerId ? `customer:${principal.customerId}` : `session:${principal.sessionId}`
  // The re-submission after 3-D Secure is the same request plus the authenticated intent (ADR 0021).
  const requestHash = hashOf({ ...request, payment: { ...request.payment, paymentIntentId: undefined } })
  const deadline = Date.now() + WAIT_MS
  for (;;) {
    const now = new Date()
    const fresh = {
      scope,
      key,
      requestHash,
      now: now.toISOString(),
      expiresAt: new Date(now.getTime() + KEY_TTL_MS).toISOString(),
    }
    if (await claimKey(ctx.db, fresh)) return run(ctx, principal, request, scope, key, options.language)
    const stored = await findKey(ctx.db, scope, key)
    if (!stored) continue // freed by a failed first request in between: claim again
    const expired = stored.expiresAt < fresh.now
    const dead =
      stored.status === 'in_progress' && stored.lockedAt < new Date(now.getTime() - STALE_MS).toISOString()
    if (expired || dead) {
      if (await takeOverKey(ctx.db, { ...fresh, lockedAt: stored.lockedAt }))
        return run(ctx, principal, request, scope, key, options.language)
      continue
    }
    if (stored.requestHash !== requestHash) throw reused()
    if (request.payment.paymentIntentId && awaitsAuthentication(stored)) {
      // The answer was "authenticate first": the re-submission with the intent runs (one taker wins).
      if (await takeOverKey(ctx.db, { ...fresh, lockedAt: stored.lockedAt }))
        return run(ctx, principal, request, scope, key, options.language)
      continue
    }
    if (stored.status === 'done') return replay(stored)
    if (Date.now() > deadline) {
      throw new AppError(
        409,
        'idempotency_key_in_progress',
        'A request with this Idempotency-Key is still running',
        [{ field: 'header.idempotency-key', type: 'in_progress', message: 'retry later for its answer' }],
      )
    }
    await sleep(50)
  }
}

async function run(
  ctx: AppContext,
  principal: Principal,
  request: OrderRequest,
  scope: string,
  key: string,
  language: string | undefined,
): Promise<PlacedOrder> {
  try {
    const orderId = await placeOrder(ctx, principal, request, language, {
      onOrdered: (trx, id) => saveKeyResponse(trx, { scope, key, status: 201, body: { orderId: id } }),
    })
    return { orderId, replayed: false }
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      const body = { status: error.status, type: error.type, message: error.message, details: error.details }
      await saveKeyResponse(ctx.db, { scope, key, status: error.status, body })
    } else {
      await releaseKey(ctx.db, scope, key).catch(() => {})
    }
    throw error
  }
}

const awaitsAuthentication = (stored: StoredKey) =>
  stored.status === 'done' &&
  stored.responseStatus === 402 &&
  JSON.parse(stored.responseBody ?? '{}').type === 'payment_requires_action'

function replay(stored: StoredKey): PlacedOrder {
  const body = JSON.parse(stored.responseBody ?? '{}')
  if (stored.responseStatus === 201) return { orderId: body.orderId, replayed: true }
  throw new AppError(stored.responseStatus ?? 409, body.type, body.message, body.details ?? [])
}

const reused = () =>
  new AppError(
    422,
    'idempotency_key_reused',
    'This Idempotency-Key was used with a different request; use a new key for a new request',
    [{ field: 'header.idempotency-key', type: 'idempotency_key_reused', message: 'used with another body' }],
  )

/** sha256 of the body as JSON with sorted keys, so the same request always has the same hash. */
export function hashOf(value: unknown): string {
  return createHash('sha256').update(canonical(value)).digest('hex')
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`
  }
  return JSON.stringify(value)
}
