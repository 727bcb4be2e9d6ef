import { readFileSync } from 'node:fs'
import { pickProduct, shopper } from '../e2e/support/orders.ts'
import { type RunningShop, startShop } from '../e2e/support/shop.ts'
import { benchEngines } from './load.ts'

/**
 * Soak (issue 13): two shop processes on one PostgreSQL database under a browse / cart / checkout mix, first at
 * full speed for BENCH_SOAK_PROBE_SECONDS to find the maximum, then at 70 % of it for BENCH_SOAK_SECONDS
 * (default 600). Per minute: operations, 5xx, p99, and the resident memory of both processes. Judged: no 5xx,
 * p99 of the last minute ≤ 1.5 × the first, memory flat (last minute ≤ 1.2 × the first).
 */
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600)
const PROBE_SECONDS = Number(process.env.BENCH_SOAK_PROBE_SECONDS ?? 30)
const CLIENTS = 24

type Op = (base: string) => Promise<number[]>

export async function run(): Promise<void> {
  if (!(await benchEngines()).includes('postgres')) {
    console.log('soak: needs PostgreSQL (TEST_DATABASE_URL or 127.0.0.1:5432)')
    return
  }
  const env = { WEB_BUILD_DIR: '/nonexistent', LOG_LEVEL: 'error' }
  const first = await startShop('postgres', env)
  const second = await startShop('postgres', env, { databaseUrl: first.databaseUrl })
  const { productId, db, close } = await pickProduct(first.databaseUrl)
  try {
    await db.updateTable('products').set({ stock: 10_000_000 }).where('id', '=', productId).execute()
    const ops = await mix(first.url, productId)
    const shops = [first, second]
    const probe = await drive(shops, ops, { seconds: PROBE_SECONDS, rate: Number.POSITIVE_INFINITY })
    const max = probe.reduce((n, m) => n + m.ops, 0) / PROBE_SECONDS
    const rate = Math.max(1, Math.round(max * 0.7))
    console.log(
      `maximum ${Math.round(max)} operations/s over ${PROBE_SECONDS} s; soaking at ${rate}/s (70 %)`,
    )
    const minutes = await drive(shops, ops, { seconds: SOAK_SECONDS, rate })
    report(minutes)
  } finally {
    await close()
    await second.stop()
    await first.stop()
  }
}

/** The operations of the mix with their weights: browsing most, carts often, checkouts now and then. */
async function mix(url: string, productId: string): Promise<Array<{ weight: number; op: Op }>> {
  const { buyer, order, headers } = await shopper(url, productId)
  const get = async (base: string, path: string) =>
    (await fetch(`${base}${path}`, { headers }).then(drain)).status
  const post = async (base: string, path: string, body: object) =>
    fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
  const browse: Op = async (base) => [
    await get(base, '/api/catalogue/products?pageSize=15&expand=prices'),
    await get(base, `/api/catalogue/products/${productId}?expand=prices`),
    await get(base, '/api/search/products?q=shirt&pageSize=5'),
  ]
  const cart: Op = async (base) => {
    const created = await post(base, '/api/cart/carts', { siteCode: 'us' })
    const { cartId } = (await created.json()) as { cartId: string }
    const added = await post(base, `/api/cart/carts/${cartId}/items`, { productId, quantity: 1 }).then(drain)
    return [created.status, added.status, await get(base, `/api/cart/carts/${cartId}`)]
  }
  const checkout: Op = async (base) => [(await order(base, await buyer()).then(drain)).status]
  return [
    { weight: 7, op: browse },
    { weight: 2, op: cart },
    { weight: 1, op: checkout },
  ]
}

let reported = 0
const drain = async (res: Response) => {
  const body = await res.text()
  if (res.status >= 500 && reported++ < 5) console.log(`5xx: ${res.status} ${res.url} ${body.slice(0, 300)}`)
  return res
}

interface Minute {
  ops: number
  requests: number
  errors5xx: number
  p99: number
  rssMb: number[]
}

async function drive(
  shops: RunningShop[],
  ops: Array<{ weight: number; op: Op }>,
  options: { seconds: number; rate: number },
): Promise<Minute[]> {
  const weights = ops.flatMap(({ weight, op }) => Array.from({ length: weight }, () => op))
  const started = performance.now()
  const end = started + options.seconds * 1000
  const bucket = Math.min(options.seconds, 60) * 1000
  const minutes: Array<Minute & { times: number[] }> = []
  let issued = 0
  const client = async (index: number) => {
    while (performance.now() < end) {
      // open loop at `rate` operations per second over all clients
      const due = started + (issued / options.rate) * 1000
      if (due > performance.now()) await new Promise((r) => setTimeout(r, due - performance.now()))
      if (performance.now() >= end) break
      issued += 1
      const op = weights[Math.floor(Math.random() * weights.length)] as Op
      const t = performance.now()
      const slot = Math.floor((t - started) / bucket)
      minutes[slot] ??= { ops: 0, requests: 0, errors5xx: 0, p99: 0, rssMb: [], times: [] }
      const statuses = await op((shops[index % shops.length] as RunningShop).url).catch((error: Error) => {
        if (reported++ < 5) console.log(`failed: ${error.message} ${String(error.cause ?? '')}`)
        return [599]
      })
      const m = minutes[slot]
      m.ops += 1
      m.requests += statuses.length
      m.errors5xx += statuses.filter((s) => s >= 500).length
      m.times.push(performance.now() - t)
    }
  }
  const sampler = setInterval(() => {
    const slot = Math.floor((performance.now() - started) / bucket)
    const m = minutes[slot]
    if (m) m.rssMb = shops.map((s) => rssMb(s.child.pid ?? 0))
  }, 5000)
  await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)))
  clearInterval(sampler)
  return minutes.map(({ times, ...m }) => {
    times.sort((a, b) => a - b)
    return { ...m, p99: Math.round(times[Math.ceil(times.length * 0.99) - 1] ?? 0) }
  })
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Math.round(Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024)
}

function report(minutes: Minute[]): void {
  console.log('| minute | operations | requests | 5xx | p99 ms (operation) | RSS MB (process 1 / 2) |')
  console.log('| ---: | ---: | ---: | ---: | ---: | --- |')
  minutes.forEach((m, i) => {
    console.log(
      `| ${i + 1} | ${m.ops} | ${m.requests} | ${m.errors5xx} | ${m.p99} | ${m.rssMb.join(' / ')} |`,
    )
  })
  const sampled = minutes.filter((m) => m.rssMb.length > 0)
  const first = sampled[0]
  const last = sampled.at(-1)
  if (!first || !last) return
  const errors = minutes.reduce((n, m) => n + m.errors5xx, 0)
  const drift = last.p99 / Math.max(1, first.p99)
  const memory = Math.max(...last.rssMb) / Math.max(1, ...first.rssMb)
  console.log(
    `\n5xx: ${errors} · p99 drift (last ÷ first minute): ${drift.toFixed(2)} · memory (last ÷ first minute): ${memory.toFixed(2)}`,
  )
}
