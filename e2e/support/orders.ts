import assert from 'node:assert/strict'
import { openDatabase } from '../../apps/server/src/platform/db/database.ts'

/** Orders placed through the API as a client places them, for the checkout reliability journeys and bench. */

export interface Buyer {
  cartId: string
  body: object
}

/**
 * A shopper's session on the shop: `buyer()` makes a cart of `quantity` × `productId` and a test-card token
 * and gives the order request for them; `order` sends one to a shop process. Anonymous unless `customer`
 * names a signed-in customer's authorization and e-mail.
 */
export async function shopper(
  url: string,
  productId: string,
  quantity = 1,
  customer?: { authorization: string; email: string },
  guestEmail = 'ada@example.com',
) {
  const authorization =
    customer?.authorization ??
    `Bearer ${(await (await fetch(`${url}/api/auth/anonymous/login`)).json()).access_token as string}`
  const headers = { authorization, 'content-type': 'application/json' }
  const post = async (base: string, path: string, body: object) =>
    fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
  const zones = await (await fetch(`${url}/api/shipping/us/zones?expand=methods`)).json()
  const method = zones[0].methods[0]
  let totalPrice = 0
  async function buyer(): Promise<Buyer> {
    const { cartId } = await (await post(url, '/api/cart/carts', { siteCode: 'us' })).json()
    const added = await post(url, `/api/cart/carts/${cartId}/items`, { productId, quantity })
    assert.equal(added.status, 201, await added.clone().text())
    const card = await post(url, '/api/payments/test-card/tokens', {
      number: '4242424242424242',
      exp_month: 12,
      exp_year: new Date().getFullYear() + 2,
      cvc: '123',
    })
    assert.equal(card.status, 201, await card.clone().text())
    const address = (type: string) => ({
      type,
      contactName: 'Ada Lovelace',
      street: '1 Main Street',
      city: 'Springfield',
      zipCode: '10001',
      country: 'US',
    })
    const body = {
      cartId,
      payment: { paymentId: 'test-card', customAttributes: { token: (await card.json()).id } },
      currency: 'USD',
      shipping: { methodId: method.id, zoneId: method.zoneId },
      totalPrice,
      addresses: [address('SHIPPING'), address('BILLING')],
      customer: { firstName: 'Ada', lastName: 'Lovelace', email: customer?.email ?? guestEmail },
    }
    if (!totalPrice) {
      // every cart is the same: the shop names the total it expects once (409 total_changed)
      const probe = await post(url, '/api/checkout/checkouts/order', body)
      assert.equal(probe.status, 409)
      totalPrice = Number((await probe.json()).details[0].message)
      body.totalPrice = totalPrice
    }
    return { cartId, body }
  }
  const order = (base: string, b: Buyer) => post(base, '/api/checkout/checkouts/order', b.body)
  /** One order placed on this shop: its id and the total it was placed for. */
  async function placeOne(): Promise<{ orderId: string; total: number }> {
    const placed = await order(url, await buyer())
    assert.equal(placed.status, 201, await placed.clone().text())
    return { orderId: ((await placed.json()) as { orderId: string }).orderId, total: totalPrice }
  }
  return { headers, buyer, order, placeOne }
}

/** A product of the demo catalogue without variants, priced in USD; its stock is set by the caller. */
export async function pickProduct(databaseUrl: string) {
  const handle = openDatabase(databaseUrl, { poolSize: 2 })
  const row = await handle.db
    .selectFrom('products')
    .innerJoin('prices', 'prices.product_id', 'products.id')
    .select('products.id')
    .where('products.has_variants', '=', 0)
    .where('products.published', '=', 1)
    .where('prices.currency', '=', 'USD')
    .orderBy('products.id')
    .executeTakeFirstOrThrow()
  return { productId: row.id, db: handle.db, close: () => handle.close() }
}
