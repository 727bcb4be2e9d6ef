import { compiledOnce, compiledPerShape } from '../../platform/db/compiled-once.ts'
import type { Db } from '../../platform/db/database.ts'
import type { StockLine } from '../catalogue/stock.service.ts'

/**
 * The payment attempt journal of the checkout saga (docs/decisions/0008-checkout-saga.md): one row per checkout
 * from the reservation until the order is written or everything is given back.
 */
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

/** The journal table of migration 0007 (and 0014's order_draft), known to this module only. */
const tables = (db: Db) => db.withTables<{ payment_attempts: PaymentAttemptsTable }>()

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
  await insertPending.run(db, {
    id: a.id,
    paymentId: a.paymentId,
    token: a.token,
    amountMinor: a.amountMinor,
    currency: a.currency,
    cartId: a.cartId,
    coupons: JSON.stringify(a.coupons),
    lines: JSON.stringify(a.lines),
    now: new Date().toISOString(),
  })
}

// Every order starts an attempt: compiled once (docs/decisions/0091).
const insertPending = compiledOnce(
  (
    db,
    a: {
      id: string
      paymentId: string
      token: string
      amountMinor: number
      currency: string
      cartId: string
      coupons: string
      lines: string
      now: string
    },
  ) =>
    tables(db).insertInto('payment_attempts').values({
      id: a.id,
      status: 'pending',
      payment_id: a.paymentId,
      token: a.token,
      amount_minor: a.amountMinor,
      currency: a.currency,
      charge_id: null,
      cart_id: a.cartId,
      coupons: a.coupons,
      lines: a.lines,
      order_draft: null,
      created_at: a.now,
      updated_at: a.now,
    }),
)

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
  const shape = {
    from: from.length,
    charge: Boolean(options.chargeId),
    draft: Boolean(options.orderDraft),
    guard: Boolean(options.updatedAt),
  }
  const values: MoveValues = {
    id,
    to,
    now: options.now ?? new Date().toISOString(),
    chargeId: options.chargeId ?? null,
    orderDraft: options.orderDraft ?? null,
    updatedAt: options.updatedAt ?? null,
  }
  from.forEach((status, n) => {
    values[`from${n}`] = status
  })
  const result = await moveStatement(shape).run(db, values)
  return Number(result.numAffectedRows ?? 0) === 1
}

interface MoveValues {
  id: string
  to: AttemptStatus
  now: string
  chargeId: string | null
  orderDraft: string | null
  updatedAt: string | null
  /** The `from` statuses, `from0`, `from1`, … */
  [from: `from${number}`]: AttemptStatus
}
type MoveShape = { from: number; charge: boolean; draft: boolean; guard: boolean }

// Every order moves its attempt twice: compiled once per shape (docs/decisions/0091), the number of `from`
// statuses and which optional columns and guard it has (a handful are used).
const moveStatement = compiledPerShape(
  (shape: MoveShape) => `${shape.from}:${shape.charge}:${shape.draft}:${shape.guard}`,
  (shape) => (db, v: MoveValues) => {
    const from = Array.from({ length: shape.from }, (_, n) => v[`from${n}`] as AttemptStatus)
    const query = tables(db)
      .updateTable('payment_attempts')
      .set({
        status: v.to,
        updated_at: v.now,
        ...(shape.charge ? { charge_id: v.chargeId } : {}),
        ...(shape.draft ? { order_draft: v.orderDraft } : {}),
      })
      .where('id', '=', v.id)
      .where('status', 'in', from)
    return shape.guard ? query.where('updated_at', '=', v.updatedAt as string) : query
  },
)

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
