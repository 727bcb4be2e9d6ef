import { randomUUID } from 'node:crypto'
import { openDatabase } from '../apps/server/src/platform/db/database.ts'
import { startShop } from '../e2e/support/shop.ts'
import { benchEngines, type LoadResult, printTable } from './load.ts'

/**
 * Placing orders (POST checkouts/order with an Idempotency-Key): each order needs its own cart and card token,
 * so `ORDERS` carts of 2 units and their tokens are made first; then they are ordered by 10 concurrent
 * clients, one request each. Orders per second over the whole run, p50 and p99 of every response time.
 */
const ORDERS = Number(process.env.BENCH_ORDERS ?? 600)
const CONNECTIONS = 10

export async function run(): Promise<void> {
  const rows: Array<LoadResult & { engine: string }> = []
  for (const engine of await benchEngines()) {
    const shop = await startShop(engine, { WEB_BUILD_DIR: '/nonexistent' })
    const handle = openDatabase(shop.databaseUrl, { poolSize: 2 })
    try {
      const product = await handle.db
        .selectFrom('products')
        .innerJoin('prices', 'prices.product_id', 'products.id')
        .select('products.id')
        .where('products.has_variants', '=', 0)
        .where('products.published', '=', 1)
        .where('prices.currency', '=', 'USD')
        .orderBy('products.id')
        .executeTakeFirstOrThrow()
      await handle.db.updateTable('products').set({ stock: 1_000_000 }).where('id', '=', product.id).execute()
      const requests = await prepare(shop.url, product.id)
      rows.push({ engine, ...(await measure(shop.url, requests)) })
    } finally {
      await handle.close()
      await shop.stop()
    }
  }
  printTable(rows)
}

async function prepare(url: string, productId: string) {
  const token = (await (await fetch(`${url}/api/auth/anonymous/login`)).json()).access_token as string
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const post = (path: string, body: object) =>
    fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
  const zones = await (await fetch(`${url}/api/shipping/us/zones?expand=methods`)).json()
  const method = zones[0].methods[0]
  const address = (type: string) => ({
    type,
    contactName: 'Ada Lovelace',
    street: '1 Main Street',
    city: 'Springfield',
    zipCode: '10001',
    country: 'US',
  })
  let totalPrice = 0
  const one = async () => {
    const { cartId } = await (await post('/api/cart/carts', { siteCode: 'us' })).json()
    await post(`/api/cart/carts/${cartId}/items`, { productId, quantity: 2 })
    const card = await post('/api/payments/test-card/tokens', {
      number: '4242424242424242',
      exp_month: 12,
      exp_year: new Date().getFullYear() + 2,
      cvc: '123',
    })
    return {
      cartId,
      payment: { paymentId: 'test-card', customAttributes: { token: (await card.json()).id } },
      currency: 'USD',
      shipping: { methodId: method.id, zoneId: method.zoneId },
      totalPrice,
      addresses: [address('SHIPPING'), address('BILLING')],
      customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
    }
  }
  // the total every cart will have: the shop names it in its 409 total_changed answer
  const probe = await (await post('/api/checkout/checkouts/order', await one())).json()
  totalPrice = Number(probe.details[0].message)
  const bodies: object[] = []
  for (let i = 0; i < ORDERS; i += CONNECTIONS) {
    bodies.push(...(await Promise.all(Array.from({ length: Math.min(CONNECTIONS, ORDERS - i) }, one))))
  }
  return bodies.map((body) => ({
    headers: { ...headers, 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  }))
}

async function measure(url: string, requests: Array<{ headers: Record<string, string>; body: string }>) {
  const times: number[] = []
  let non2xx = 0
  let errors = 0
  const queue = [...requests]
  const started = performance.now()
  const client = async () => {
    for (let r = queue.shift(); r; r = queue.shift()) {
      const t = performance.now()
      try {
        const res = await fetch(`${url}/api/checkout/checkouts/order`, { method: 'POST', ...r })
        const text = await res.text()
        if (res.status !== 201 && non2xx++ === 0) console.log(`first failure: ${res.status} ${text}`)
      } catch {
        errors += 1
      }
      times.push(performance.now() - t)
    }
  }
  await Promise.all(Array.from({ length: CONNECTIONS }, client))
  const seconds = (performance.now() - started) / 1000
  times.sort((a, b) => a - b)
  const at = (p: number) => Math.round((times[Math.ceil(times.length * p) - 1] ?? 0) * 10) / 10
  return {
    label: `POST /api/checkout/checkouts/order (${requests.length} orders, ${CONNECTIONS} clients)`,
    requestsPerSecond: Math.round(requests.length / seconds),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    errors,
    non2xx,
  }
}
