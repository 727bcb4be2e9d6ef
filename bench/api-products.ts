import { startShop } from '../e2e/support/shop.ts'
import { benchEngines, type LoadResult, load, printTable } from './load.ts'

/**
 * Product list (a page of 15 with prices, in the site currency) against a trivial JSON route of the same
 * server: the ratio says what the catalogue read costs over Fastify's own floor.
 */
export async function run(): Promise<void> {
  const rows: Array<LoadResult & { engine: string }> = []
  for (const engine of await benchEngines()) {
    const shop = await startShop(engine)
    try {
      const headers = { 'accept-language': 'en', currency: 'USD', 'site-code': 'us' }
      const trivial = await load('GET /api/health', `${shop.url}/api/health`)
      const list = await load(
        'GET /api/catalogue/products?pageSize=15&expand=prices',
        `${shop.url}/api/catalogue/products?pageSize=15&expand=prices&q=published:true`,
        { headers },
      )
      rows.push({ engine, ...trivial }, { engine, ...list })
      const ratio = list.requestsPerSecond / trivial.requestsPerSecond
      console.log(
        `${engine}: product list runs at ${(ratio * 100).toFixed(1)} % of the trivial route's throughput`,
      )
    } finally {
      await shop.stop()
    }
  }
  printTable(rows)
}
