import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { compiledOnce } from '../../platform/db/compiled-once.ts'
import type { Db } from '../../platform/db/database.ts'
import { compareText, readTogether } from '../../platform/db/read-together.ts'
import { withDiscounts } from './cart-discount.repository.ts'

export function insertCart(
  db: Db,
  cart: { siteCode: string; currency: string; channel: string; sessionId: string; customerId: string | null },
) {
  const id = randomUUID()
  const now = new Date().toISOString()
  return db
    .insertInto('carts')
    .values({
      id,
      site_code: cart.siteCode,
      currency: cart.currency,
      channel: cart.channel,
      session_id: cart.sessionId,
      customer_id: cart.customerId,
      country_code: null,
      zip_code: null,
      created_at: now,
      updated_at: now,
    })
    .execute()
    .then(() => id)
}

export function findCart(db: Db, id: string) {
  return db.selectFrom('carts').selectAll().where('id', '=', id).executeTakeFirst()
}

const CART_COLUMNS = [
  'id',
  'site_code',
  'currency',
  'channel',
  'session_id',
  'customer_id',
  'country_code',
  'zip_code',
  'status',
  'version',
  'created_at',
  'updated_at',
] as const

const ITEM_COLUMNS = [
  'id',
  'cart_id',
  'item_yrn',
  'product_id',
  'variant_id',
  'quantity',
  'note',
  'created_at',
] as const

/**
 * The cart with its lines and its coupons, read together: one statement on PostgreSQL instead of three round
 * trips (every cart read and checkout makes it). Lines and coupons in the order they were added.
 */
export async function findCartWithContents(db: Db, id: string) {
  const { cart, items, discounts } = await readTogether(db, {
    cart: db
      .selectFrom('carts')
      .select([...CART_COLUMNS])
      .where('id', '=', id),
    items: db
      .selectFrom('cart_items')
      .select([...ITEM_COLUMNS])
      .where('cart_id', '=', id)
      .orderBy('created_at')
      .orderBy('id'),
    discounts: withDiscounts(db)
      .selectFrom('cart_discounts')
      .select(['id', 'coupon_code', 'created_at'])
      .where('cart_id', '=', id)
      .orderBy('created_at')
      .orderBy('id'),
  })
  const [row] = cart
  if (!row) return undefined
  const added = <T extends { created_at: string; id: string }>(a: T, b: T) =>
    compareText(a.created_at, b.created_at) || compareText(a.id, b.id)
  return {
    cart: row,
    items: items.sort(added),
    discounts: discounts.sort(added).map(({ id, coupon_code }) => ({ id, coupon_code })),
  }
}

export function findItems(db: Db, cartId: string) {
  return db
    .selectFrom('cart_items')
    .selectAll()
    .where('cart_id', '=', cartId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

export function findItem(db: Db, cartId: string, itemId: string) {
  return db
    .selectFrom('cart_items')
    .selectAll()
    .where('cart_id', '=', cartId)
    .where('id', '=', itemId)
    .executeTakeFirst()
}

export function findItemByYrn(db: Db, cartId: string, itemYrn: string) {
  return db
    .selectFrom('cart_items')
    .select(['id', 'quantity'])
    .where('cart_id', '=', cartId)
    .where('item_yrn', '=', itemYrn)
    .executeTakeFirst()
}

/** Adds a line, or raises the quantity of the line with the same yrn, in one statement. */
export async function upsertItem(
  db: Db,
  item: { cartId: string; itemYrn: string; productId: string; variantId: string | null; quantity: number },
): Promise<string> {
  const row = await db
    .insertInto('cart_items')
    .values({
      id: randomUUID(),
      cart_id: item.cartId,
      item_yrn: item.itemYrn,
      product_id: item.productId,
      variant_id: item.variantId,
      quantity: item.quantity,
      note: null,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) =>
      oc
        .columns(['cart_id', 'item_yrn'])
        .doUpdateSet({ quantity: sql<number>`cart_items.quantity + excluded.quantity` }),
    )
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export function updateItem(db: Db, itemId: string, changes: { quantity?: number; note?: string | null }) {
  return db.updateTable('cart_items').set(changes).where('id', '=', itemId).execute()
}

export function deleteItem(db: Db, cartId: string, itemId: string) {
  return db.deleteFrom('cart_items').where('cart_id', '=', cartId).where('id', '=', itemId).executeTakeFirst()
}

/**
 * Opens a write on a cart: bumps its version first, which takes the row's write lock on PostgreSQL (and
 * the database's on SQLite) until the transaction ends, so concurrent writes to one cart run one by one.
 */
export async function lockCart(db: Db, id: string) {
  const { rows } = await lockCartRow.run(db, { id, now: new Date().toISOString() })
  return rows[0]
}

// Every cart write and every order opens with it: compiled once (docs/decisions/0091).
const lockCartRow = compiledOnce((db, v: { id: string; now: string }) =>
  db
    .updateTable('carts')
    .set({ updated_at: v.now, version: sql<number>`version + 1` })
    .where('id', '=', v.id)
    .returningAll(),
)

export function findCustomerCarts(db: Db, customerId: string, siteCode: string) {
  return db
    .selectFrom('carts')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('site_code', '=', siteCode)
    .where('status', '=', 'OPEN')
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .execute()
}

export function updateCart(
  db: Db,
  id: string,
  changes: {
    country_code?: string | null
    zip_code?: string | null
    site_code?: string
    currency?: string
    status?: string
  },
) {
  return db.updateTable('carts').set(changes).where('id', '=', id).execute()
}

/** Sets a line's quantity and note, or adds the line; used by the merge (quantities of one yrn add up). */
export async function mergeItem(
  db: Db,
  item: {
    cartId: string
    itemYrn: string
    productId: string
    variantId: string | null
    quantity: number
    note: string | null
  },
): Promise<void> {
  await db
    .insertInto('cart_items')
    .values({
      id: randomUUID(),
      cart_id: item.cartId,
      item_yrn: item.itemYrn,
      product_id: item.productId,
      variant_id: item.variantId,
      quantity: item.quantity,
      note: item.note,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) =>
      oc.columns(['cart_id', 'item_yrn']).doUpdateSet({
        quantity: sql<number>`cart_items.quantity + excluded.quantity`,
        note: sql<string | null>`coalesce(cart_items.note, excluded.note)`,
      }),
    )
    .execute()
}

export function touchCart(db: Db, cartId: string) {
  return db
    .updateTable('carts')
    .set({ updated_at: new Date().toISOString(), version: sql<number>`version + 1` })
    .where('id', '=', cartId)
    .execute()
}

/** OPEN → ORDERED, once: false when the cart was ordered already (a concurrent order won). */
export async function markOrdered(db: Db, cartId: string): Promise<boolean> {
  const result = await markCartOrdered.run(db, { id: cartId, now: new Date().toISOString() })
  return Number(result.numAffectedRows ?? 0) === 1
}

const markCartOrdered = compiledOnce((db, v: { id: string; now: string }) =>
  db
    .updateTable('carts')
    .set({ status: 'ORDERED', updated_at: v.now })
    .where('id', '=', v.id)
    .where('status', '=', 'OPEN'),
)

export async function detachCustomer(db: Db, customerId: string): Promise<void> {
  await db
    .updateTable('carts')
    .set({ customer_id: null, session_id: null, zip_code: null })
    .where('customer_id', '=', customerId)
    .execute()
}

/** ORDERED → OPEN: the cart a checkout claimed but made no order with becomes orderable again. */
export async function reopen(db: Db, cartId: string): Promise<void> {
  await db
    .updateTable('carts')
    .set({ status: 'OPEN', updated_at: new Date().toISOString() })
    .where('id', '=', cartId)
    .where('status', '=', 'ORDERED')
    .execute()
}

/** Takes a deleted product out of every cart (the back office deletes only products no order holds). */
export async function deleteProductItems(db: Db, productId: string): Promise<void> {
  await db.deleteFrom('cart_items').where('product_id', '=', productId).execute()
}

/** Takes variants out of every cart (the back office dropped them). */
export async function deleteVariantItems(db: Db, variantIds: readonly string[]): Promise<void> {
  if (variantIds.length)
    await db
      .deleteFrom('cart_items')
      .where('variant_id', 'in', [...variantIds])
      .execute()
}
