import type { FastifyInstance } from 'fastify'
import type { Db } from '../../platform/db/database.ts'
import { insertProduct, insertShippingZone, insertSite } from '../../platform/testing/fixtures.ts'
import { addItem, anonymousToken, bearer, cardToken, createCart, getCart } from '../cart/cart.testing.ts'

/** A shop with one product (stock 5, 19.99 USD), 8.25 % added tax, one zone shipping to US and CA. */
export async function shopWithProduct(db: Db) {
  const siteCode = await insertSite(db, { taxRate: 825 })
  const productId = await insertProduct(db, { stock: 5, prices: { USD: { effective: 1999 } } })
  const { zoneId, methodIds } = await insertShippingZone(db, { siteCode, shipTo: ['US', 'CA'] })
  return { siteCode, productId, zoneId, methodId: methodIds[0]! }
}

export const address = (type: 'SHIPPING' | 'BILLING', country = 'US') => ({
  type,
  contactName: 'Ada Lovelace',
  street: '1 Main Street',
  city: 'Springfield',
  zipCode: '12345',
  country,
})

/** The stock of a product without variants. */
export const stockOf = async (db: Db, productId: string) =>
  (await db.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirstOrThrow())
    .stock

/**
 * A cart of `quantity` units and an order request for it with the total the cart shows plus shipping, paid
 * with a test card token (of `card`) or with `payment` (another provider's method, e.g. a Stripe `pm_…`).
 */
export async function readyToOrder(
  app: FastifyInstance,
  shop: Awaited<ReturnType<typeof shopWithProduct>>,
  options: {
    quantity?: number
    card?: string
    token?: string
    payment?: { paymentId: string; token: string }
  } = {},
) {
  const token = options.token ?? (await anonymousToken(app))
  const cartId = await createCart(app, token, shop.siteCode)
  await addItem(app, token, cartId, { productId: shop.productId, quantity: options.quantity ?? 2 })
  const cart = await getCart(app, token, cartId)
  // shipping 5.99 below 75.00, not taxed
  const totalPrice = Math.round((cart.totalPrice.amount + 5.99) * 100) / 100
  const body = {
    cartId,
    payment: options.payment
      ? { paymentId: options.payment.paymentId, customAttributes: { token: options.payment.token } }
      : { paymentId: 'test-card', customAttributes: { token: await cardToken(app, options.card) } },
    currency: 'USD',
    shipping: { methodId: shop.methodId, zoneId: shop.zoneId, amount: 5.99 },
    totalPrice,
    addresses: [address('SHIPPING'), address('BILLING')],
    customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
  }
  return { token, cartId, body }
}

export function placeOrder(app: FastifyInstance, token: string, payload: object, idempotencyKey?: string) {
  const headers = idempotencyKey ? { ...bearer(token), 'idempotency-key': idempotencyKey } : bearer(token)
  return app.inject({ method: 'POST', url: '/api/checkout/checkouts/order', headers, payload })
}
