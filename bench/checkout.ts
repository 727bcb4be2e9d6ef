import { randomUUID } from 'node:crypto'
import { type Buyer, pickProduct, shopper } from '../e2e/support/orders.ts'
import { startShop } from '../e2e/support/shop.ts'
import { cpuMs, postgresPids } from './cpu.ts'
import { record } from './figures.ts'
import { benchEngines, type LoadResult, printTable } from './load.ts'

/**
 * Placing orders (POST checkouts/order with an Idempotency-Key): each order needs its own cart and card token,
 * so `WARM_UP + ORDERS` carts of 2 units and their tokens are made first; then they are ordered by 10 concurrent
 * clients, one request each: the first `WARM_UP` orders warm the process up (as the 2 s before each autocannon
 * run do) and are not counted. Orders per second over the counted run, p50 and p99 of its response times, and
 * the CPU per order of the shop's process and of the database's server processes (a local PostgreSQL) over it:
 * the load client shares the machine's cores, and CPU per order moves less than orders/s with the host's phase.
 */
const ORDERS = Number(process.env.BENCH_ORDERS ?? 2000)
const WARM_UP = Number(process.env.BENCH_ORDERS_WARM_UP ?? 500)
const CONNECTIONS = 10

export async function run(): Promise<void> {
  const rows: Array<LoadResult & { engine: string }> = []
  for (const engine of await benchEngines()) {
    const shop = await startShop(engine, { WEB_BUILD_DIR: '/nonexistent' })
    const { productId, db, close } = await pickProduct(shop.databaseUrl)
    try {
      await db.updateTable('products').set({ stock: 1_000_000 }).where('id', '=', productId).execute()
      const requests = await prepare(shop.url, productId)
      await measure(shop.url, requests.slice(0, WARM_UP))
      const counted = requests.slice(WARM_UP)
      const servers = engine === 'postgres' ? postgresPids() : []
      const before = { shop: cpuMs([shop.child.pid ?? 0]), database: cpuMs(servers) }
      const result = await measure(shop.url, counted)
      const perOrder = (ms: number) => (ms / counted.length).toFixed(2)
      const cpu = `CPU per order: shop ${perOrder(cpuMs([shop.child.pid ?? 0]) - before.shop)} ms${
        servers.length ? `, PostgreSQL ${perOrder(cpuMs(servers) - before.database)} ms` : ''
      }`
      console.log(`${engine}: ${cpu}`)
      rows.push({ engine, ...result })
      record({
        measure: 'orders/s with the test card, p99',
        engine,
        value: `${result.requestsPerSecond}/s, ${result.p99Ms} ms`,
        raw: `p50 ${result.p50Ms} ms, ${result.non2xx} non-2xx; ${cpu}`,
        target: engine === 'sqlite' ? '≥ 500/s, ≤ 50 ms' : '≥ 300/s, ≤ 50 ms',
      })
    } finally {
      await close()
      await shop.stop()
    }
  }
  printTable(rows)
}

async function prepare(url: string, productId: string) {
  const { headers, buyer } = await shopper(url, productId, 2)
  const buyers: Buyer[] = []
  const total = WARM_UP + ORDERS
  for (let i = 0; i < total; i += CONNECTIONS) {
    buyers.push(...(await Promise.all(Array.from({ length: Math.min(CONNECTIONS, total - i) }, buyer))))
  }
  return buyers.map((b) => ({
    headers: { ...headers, 'idempotency-key': randomUUID() },
    body: JSON.stringify(b.body),
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
