import autocannon from 'autocannon'
import { startShop } from '../e2e/support/shop.ts'
import { benchEngines, type LoadResult, printTable } from './load.ts'

/**
 * Add-to-cart (POST carts/{id}/items, spread over 300 carts and 20 products so stock never runs out) and the
 * cart calculation (POST calculation for a 5-line cart with a coupon and a shipping quote), on each engine.
 */
export async function run(): Promise<void> {
  const rows: Array<LoadResult & { engine: string }> = []
  for (const engine of await benchEngines()) {
    const shop = await startShop(engine)
    try {
      const { headers, carts, products, calcCart } = await prepare(shop.url)
      let n = 0
      const add = await measure('POST /api/cart/carts/:id/items', `${shop.url}/api/cart/carts/x/items`, {
        method: 'POST',
        headers,
        // autocannon reads setupRequest only from `requests`
        requests: [
          {
            method: 'POST',
            setupRequest: (request: Record<string, unknown>) => {
              n += 1
              const cartId = carts[n % carts.length]
              const productId = products[Math.floor(n / carts.length) % products.length]
              return {
                ...request,
                path: `/api/cart/carts/${cartId}/items`,
                body: JSON.stringify({ productId, quantity: 1 }),
              }
            },
          },
        ],
      })
      const calc = await measure(
        'POST /api/cart/calculation (5 lines, coupon, shipping)',
        `${shop.url}/api/cart/calculation`,
        {
          method: 'POST',
          headers,
          body: JSON.stringify(calcCart),
        },
      )
      const read = await measure(
        'GET /api/cart/carts/:id (5 lines, coupon)',
        `${shop.url}/api/cart/carts/${calcCart.cartId}`,
        {
          headers,
        },
      )
      rows.push({ engine, ...add }, { engine, ...calc }, { engine, ...read })
    } finally {
      await shop.stop()
    }
  }
  printTable(rows)
}

async function prepare(url: string) {
  const token = (await (await fetch(`${url}/api/auth/anonymous/login`)).json()).access_token
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'site-code': 'us' }
  const post = async (path: string, body: object) => {
    const res = await fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
    return res.json()
  }
  const list = await (
    await fetch(`${url}/api/catalogue/products?pageSize=100&expand=prices&q=published:true`, {
      headers: { 'site-code': 'us', currency: 'USD' },
    })
  ).json()
  const products = (
    list as Array<{ id: string; hasVariants?: boolean; inStock?: boolean; prices?: unknown[] }>
  )
    .filter((p) => !p.hasVariants && p.inStock && p.prices?.length)
    .map((p) => p.id)
    .slice(0, 20)
  const carts: string[] = []
  for (let i = 0; i < 300; i++) carts.push((await post('/api/cart/carts', { siteCode: 'us' })).cartId)
  const cartId = (await post('/api/cart/carts', { siteCode: 'us' })).cartId
  for (const productId of products.slice(0, 5))
    await post(`/api/cart/carts/${cartId}/items`, { productId, quantity: 1 })
  await post(`/api/cart/carts/${cartId}/discounts`, { code: 'WELCOME15' })
  const zones = await (await fetch(`${url}/api/shipping/us/zones?expand=methods`)).json()
  const method = zones[0].methods[0]
  const calcCart = {
    cartId,
    siteCode: 'us',
    currency: 'USD',
    addresses: [{ type: 'SHIP_TO', countryCode: 'US', zipCode: '10001' }],
    shipping: { calculationType: 'QUOTATION', methodId: method.id, zoneId: method.zoneId },
  }
  return { headers, carts, products, calcCart }
}

async function measure(label: string, url: string, options: Record<string, unknown>): Promise<LoadResult> {
  const base = { url, connections: 10, ...options }
  await autocannon({ ...base, duration: 2 })
  const result = await autocannon({ ...base, duration: 10 })
  return {
    label,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  }
}
