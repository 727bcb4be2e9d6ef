import { sql } from 'kysely'
import type { Db } from '../../platform/db/database.ts'

/**
 * Takes `quantity` units out of stock only when that many are there: one guarded UPDATE, so concurrent
 * orders can never oversell (PostgreSQL re-checks the guard after a concurrent writer commits).
 */
export async function reserveStock(db: Db, line: StockLine): Promise<boolean> {
  const result = line.variantId
    ? await db
        .updateTable('variants')
        .set({ stock: sql<number>`stock - ${line.quantity}` })
        .where('id', '=', line.variantId)
        .where('product_id', '=', line.productId)
        .where('stock', '>=', line.quantity)
        .executeTakeFirst()
    : await db
        .updateTable('products')
        .set({ stock: sql<number>`stock - ${line.quantity}` })
        .where('id', '=', line.productId)
        .where('stock', '>=', line.quantity)
        .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** The cart claimed by a checkout that made no order becomes orderable again. */
export async function reopenCart(db: Db, cartId: string): Promise<void> {
  await db
    .updateTable('carts')
    .set({ status: 'OPEN', updated_at: new Date().toISOString() })
    .where('id', '=', cartId)
    .where('status', '=', 'ORDERED')
    .execute()
}

/** Takes back the redemption a checkout that made no order counted for a coupon. */
export async function unredeemCoupon(db: Db, code: string): Promise<void> {
  await db
    .updateTable('coupons')
    .set({ redemptions: sql<number>`redemptions - 1` })
    .where('code', '=', code)
    .where('redemptions', '>', 0)
    .execute()
}

// ---- the payment attempt journal (docs/decisions/0008-checkout-saga.md) ----

export interface StockLine {
  productId: string
  variantId: string | null
  quantity: number
}

export type AttemptStatus =
  | 'pending'
  | 'charged'
  | 'done'
  | 'failed'
  | 'recovering'
  | 'released'
  /** The charge (`charge_id`) waits for the shopper's 3-D Secure authentication; `order_draft` is set. */
  | 'awaiting_authentication'

interface PaymentAttemptsTable {
  id: string
  status: AttemptStatus
  payment_id: string
  token: string
  amount_minor: number
  currency: string
  charge_id: string | null
  cart_id: string
  coupons: string
  lines: string
  /** JSON of the order to write once an authentication succeeds (migration 0014); null otherwise. */
  order_draft: string | null
  created_at: string
  updated_at: string
}

interface IdempotencyKeysTable {
  scope: string
  key: string
  request_hash: string
  status: 'in_progress' | 'done'
  response_status: number | null
  response_body: string | null
  locked_at: string
  created_at: string
  expires_at: string
}

/** The tables of migration 0007, known to this module only. */
const tables = (db: Db) =>
  db.withTables<{ payment_attempts: PaymentAttemptsTable; checkout_idempotency_keys: IdempotencyKeysTable }>()

export interface PaymentAttempt {
  id: string
  status: AttemptStatus
  paymentId: string
  token: string
  amountMinor: number
  currency: string
  chargeId: string | null
  cartId: string
  coupons: string[]
  lines: StockLine[]
  updatedAt: string
  /** JSON of the order an `awaiting_authentication` attempt becomes (checkout.recovery.ts `OrderDraft`). */
  orderDraft?: string | null
}

export async function insertAttempt(
  db: Db,
  a: Omit<PaymentAttempt, 'status' | 'chargeId' | 'updatedAt' | 'orderDraft'>,
) {
  const now = new Date().toISOString()
  await tables(db)
    .insertInto('payment_attempts')
    .values({
      id: a.id,
      status: 'pending',
      payment_id: a.paymentId,
      token: a.token,
      amount_minor: a.amountMinor,
      currency: a.currency,
      charge_id: null,
      cart_id: a.cartId,
      coupons: JSON.stringify(a.coupons),
      lines: JSON.stringify(a.lines),
      order_draft: null,
      created_at: now,
      updated_at: now,
    })
    .execute()
}

/**
 * Moves an attempt on only from one of the `from` statuses (and, when given, only if nobody touched it since
 * `updatedAt`): the guard that lets the request, a second process and the recovery never both act on it.
 */
export async function moveAttempt(
  db: Db,
  id: string,
  from: AttemptStatus[],
  to: AttemptStatus,
  options: { chargeId?: string; updatedAt?: string; now?: string; orderDraft?: string } = {},
): Promise<boolean> {
  let query = tables(db)
    .updateTable('payment_attempts')
    .set({
      status: to,
      updated_at: options.now ?? new Date().toISOString(),
      ...(options.chargeId ? { charge_id: options.chargeId } : {}),
      ...(options.orderDraft ? { order_draft: options.orderDraft } : {}),
    })
    .where('id', '=', id)
    .where('status', 'in', from)
  if (options.updatedAt) query = query.where('updated_at', '=', options.updatedAt)
  const result = await query.executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Attempts that neither became an order nor were released, untouched after `before`. */
export async function staleAttempts(db: Db, before: string, limit = 100): Promise<PaymentAttempt[]> {
  const rows = await tables(db)
    .selectFrom('payment_attempts')
    .selectAll()
    .where('status', 'in', ['pending', 'charged', 'recovering'])
    .where('updated_at', '<=', before)
    .orderBy('updated_at')
    .limit(limit)
    .execute()
  return rows.map(toAttempt)
}

/** Attempts waiting for an authentication since before `before` (the authentication timeout). */
export async function awaitingAttempts(db: Db, before: string, limit = 100): Promise<PaymentAttempt[]> {
  const rows = await tables(db)
    .selectFrom('payment_attempts')
    .selectAll()
    .where('status', '=', 'awaiting_authentication')
    .where('updated_at', '<=', before)
    .orderBy('updated_at')
    .limit(limit)
    .execute()
  return rows.map(toAttempt)
}

export async function findAttempt(db: Db, id: string): Promise<PaymentAttempt | undefined> {
  const row = await tables(db)
    .selectFrom('payment_attempts')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()
  return row && toAttempt(row)
}

const toAttempt = (row: PaymentAttemptsTable): PaymentAttempt => ({
  id: row.id,
  status: row.status,
  paymentId: row.payment_id,
  token: row.token,
  amountMinor: row.amount_minor,
  currency: row.currency,
  chargeId: row.charge_id,
  cartId: row.cart_id,
  coupons: JSON.parse(row.coupons),
  lines: JSON.parse(row.lines),
  updatedAt: row.updated_at,
  orderDraft: row.order_draft,
})

// ---- Idempotency-Key store ----

export interface StoredKey {
  requestHash: string
  status: 'in_progress' | 'done'
  responseStatus: number | null
  responseBody: string | null
  lockedAt: string
  expiresAt: string
}

/** Takes a key for a first request; false when the key exists already (whoever has it). */
export async function claimKey(
  db: Db,
  k: { scope: string; key: string; requestHash: string; now: string; expiresAt: string },
): Promise<boolean> {
  const result = await tables(db)
    .insertInto('checkout_idempotency_keys')
    .values({
      scope: k.scope,
      key: k.key,
      request_hash: k.requestHash,
      status: 'in_progress',
      response_status: null,
      response_body: null,
      locked_at: k.now,
      created_at: k.now,
      expires_at: k.expiresAt,
    })
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
}

export async function findKey(db: Db, scope: string, key: string): Promise<StoredKey | undefined> {
  const row = await tables(db)
    .selectFrom('checkout_idempotency_keys')
    .selectAll()
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirst()
  return (
    row && {
      requestHash: row.request_hash,
      status: row.status,
      responseStatus: row.response_status,
      responseBody: row.response_body,
      lockedAt: row.locked_at,
      expiresAt: row.expires_at,
    }
  )
}

/** Takes over a key whose request died (locked before `staleBefore`) or that expired; one taker wins. */
export async function takeOverKey(
  db: Db,
  k: { scope: string; key: string; lockedAt: string; requestHash: string; now: string; expiresAt: string },
): Promise<boolean> {
  const result = await tables(db)
    .updateTable('checkout_idempotency_keys')
    .set({
      request_hash: k.requestHash,
      status: 'in_progress',
      response_status: null,
      response_body: null,
      locked_at: k.now,
      created_at: k.now,
      expires_at: k.expiresAt,
    })
    .where('scope', '=', k.scope)
    .where('key', '=', k.key)
    .where('locked_at', '=', k.lockedAt)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function saveKeyResponse(
  db: Db,
  k: { scope: string; key: string; status: number; body: unknown },
): Promise<void> {
  await tables(db)
    .updateTable('checkout_idempotency_keys')
    .set({ status: 'done', response_status: k.status, response_body: JSON.stringify(k.body) })
    .where('scope', '=', k.scope)
    .where('key', '=', k.key)
    .execute()
}

/** Frees a key whose request failed unexpectedly (5xx), so a retry with it runs again. */
export async function releaseKey(db: Db, scope: string, key: string): Promise<void> {
  await tables(db)
    .deleteFrom('checkout_idempotency_keys')
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where('status', '=', 'in_progress')
    .execute()
}

export async function deleteExpiredKeys(db: Db, now: string): Promise<number> {
  const result = await tables(db)
    .deleteFrom('checkout_idempotency_keys')
    .where('expires_at', '<', now)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
