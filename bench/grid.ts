import { startShop } from '../e2e/support/shop.ts'
import { account } from '../e2e/support/staff.ts'
import { record } from './figures.ts'
import { benchEngines } from './load.ts'

const RUNS = Number(process.env.BENCH_GRID_RUNS ?? 30)
const ROWS = 100

type Row = {
  productId: string
  variantId: string | null
  prices: Array<{ currency: string; effectiveMinor: number }>
}

async function medianOf(runs: number, fn: () => Promise<void>): Promise<number> {
  for (let i = 0; i < 3; i++) await fn()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    await fn()
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)] ?? 0
}

/**
 * `npm run bench -- grid`: one save of the back office's price and stock grid (docs/decisions/0052) holding
 * 100 rows of the demo catalogue (a price per currency and a stock delta each, one transaction) against
 * GET /api/health of the same server, both over HTTP one after the other, median of RUNS.
 */
export async function run(): Promise<void> {
  console.log('| engine | call | median ms |')
  console.log('| --- | --- | ---: |')
  for (const engine of await benchEngines()) {
    const shop = await startShop(engine)
    try {
      const owner = await account(shop.url, shop.databaseUrl, 'owner')
      const headers = { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' }
      const grid = (await (
        await fetch(`${shop.url}/api/owner/price-grid?pageSize=100`, { headers })
      ).json()) as {
        rows: Row[]
      }
      const rows = grid.rows.slice(0, ROWS)
      if (rows.length < ROWS) throw new Error(`only ${rows.length} grid rows`)
      let sign = 1
      const save = async () => {
        sign = -sign
        const body = {
          rows: rows.map((r) => ({
            productId: r.productId,
            variantId: r.variantId,
            prices: r.prices.map((p) => ({
              currency: p.currency,
              effectiveMinor: p.effectiveMinor,
              originalMinor: p.effectiveMinor,
            })),
            stock: { delta: sign > 0 ? 1 : -1 },
          })),
        }
        const res = await fetch(`${shop.url}/api/owner/price-grid`, {
          method: 'PUT',
          headers,
          body: JSON.stringify(body),
        })
        if (res.status !== 200) throw new Error(`grid save ${res.status} ${await res.text()}`)
      }
      // A write-off needs a unit: the first save adds one to every row.
      sign = -1
      await save()
      const saveMs = await medianOf(RUNS, save)
      const healthMs = await medianOf(RUNS, async () => {
        await (await fetch(`${shop.url}/api/health`)).arrayBuffer()
      })
      console.log(`| ${engine} | PUT /api/owner/price-grid (${ROWS} rows) | ${saveMs.toFixed(2)} |`)
      console.log(`| ${engine} | GET /api/health | ${healthMs.toFixed(2)} |`)
      record({
        measure: `back office grid save of ${ROWS} rows ÷ GET /api/health`,
        engine,
        value: (saveMs / healthMs).toFixed(1),
        raw: `${saveMs.toFixed(2)} vs ${healthMs.toFixed(2)} ms`,
        target: 'one transaction; well under a second',
      })
    } finally {
      await shop.stop()
    }
  }
}
