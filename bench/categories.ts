import { type RunningShop, startShop } from '../e2e/support/shop.ts'
import { account } from '../e2e/support/staff.ts'
import { record } from './figures.ts'
import { generateCatalogue } from './generate-catalogue.ts'
import { benchEngines, load } from './load.ts'

const SIZE = Number(process.env.BENCH_CATEGORIES_SIZE ?? 100_000)
const DURATION = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)

/**
 * `npm run bench -- categories`: the back office's category tree (docs/decisions/0049-staff-categories.md: every
 * category with its names and its own product count, one grouped count over the assignments) at SIZE products
 * (100,000 by default), as req/s against /api/health in the same run, per engine. Staff traffic is a handful of
 * people, so the load is 10 connections.
 */
export async function run(): Promise<void> {
  const lines: string[] = []
  for (const engine of await benchEngines()) {
    const owner = await startShop(engine)
    let shop: RunningShop | undefined
    try {
      const { seconds } = await generateCatalogue(owner.databaseUrl, SIZE)
      console.log(`${engine}: ${SIZE} products generated in ${seconds.toFixed(1)} s`)
      // A process started after the import plans with its statistics (as bench/catalogue.ts does).
      shop = await startShop(engine, {}, { databaseUrl: owner.databaseUrl })
      const staff = await account(shop.url, shop.databaseUrl, 'catalogue')
      const options = { duration: DURATION, connections: CONNECTIONS }
      const health = await load('health', `${shop.url}/api/health`, options)
      const tree = await load('staff category tree', `${shop.url}/api/owner/categories`, {
        ...options,
        headers: { authorization: `Bearer ${staff.token}` },
      })
      if (tree.non2xx + tree.errors > 0)
        throw new Error(`category tree: ${tree.non2xx} non-2xx, ${tree.errors} errors`)
      const ratio = tree.requestsPerSecond / health.requestsPerSecond
      record({
        measure: 'back office category tree ÷ /api/health (req/s)',
        engine,
        size: SIZE,
        value: ratio.toFixed(3),
        raw: `${tree.requestsPerSecond} vs ${health.requestsPerSecond} req/s, p99 ${tree.p99Ms} ms`,
        target: 'staff read: p99 under 100 ms',
      })
      const line = `| ${engine} | ${tree.requestsPerSecond} | ${health.requestsPerSecond} | ${ratio.toFixed(3)} | ${tree.p50Ms} | ${tree.p99Ms} |`
      // Printed at once as well: generating 100,000 products per engine takes minutes on a loaded machine.
      console.log(line)
      lines.push(line)
    } finally {
      await shop?.stop()
      await owner.stop()
    }
  }
  console.log(
    `| engine | category tree req/s (${SIZE} products) | /api/health req/s | ratio | p50 ms | p99 ms |`,
  )
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |')
  for (const line of lines) console.log(line)
}
