import type { StaffProductListQuery } from '@shop/contracts/backoffice'
import { listStaffProducts } from '../apps/server/src/modules/catalogue/staff-product.service.ts'
import { record } from './figures.ts'
import { medianMs, timingsMs, withGeneratedCatalogue } from './in-process.ts'
import { benchEngines } from './load.ts'

const SIZE = Number(process.env.BENCH_BACKOFFICE_SIZE ?? 100_000)
const RUNS = Number(process.env.BENCH_BACKOFFICE_RUNS ?? 50)
const PAGE_SIZE = 25
const DEEP_PAGE = 100

/**
 * `npm run bench -- backoffice`: the back office's product list (docs/decisions/0043-staff-product-api.md) at
 * SIZE products (100,000 by default, made by generate-catalogue.ts), page 1 against page 100 for each sort and
 * a search: the whole service call (page ids, total, rows), in-process on both engines, p50 and p95 of RUNS runs.
 * Beside each case, the median of RUNS sequential GET /api/health of the same shop: page 1 ÷ that is the
 * figure comparable across runs on a shared machine.
 */
export async function run(): Promise<void> {
  const lines: string[] = []
  for (const engine of await benchEngines()) {
    await withGeneratedCatalogue(engine, SIZE, async (db, shopUrl) => {
      const get = async () => (await fetch(`${shopUrl}/api/health`)).arrayBuffer()
      // After a case's seconds in-process the server may just have closed the idle keep-alive connection.
      const health = async () => {
        await get().catch(get)
        return medianMs(get, RUNS)
      }
      const cases: Array<[string, Partial<StaffProductListQuery>]> = [
        ['created desc', { sort: 'created', order: 'desc' }],
        ['name asc (en)', { sort: 'name', order: 'asc' }],
        ['name desc (de)', { sort: 'name', order: 'desc', language: 'de' }],
        ['SKU asc', { sort: 'sku', order: 'asc' }],
        ['price asc (USD)', { sort: 'price', order: 'asc' }],
        ['stock desc', { sort: 'stock', order: 'desc' }],
        ['search "shirt", name asc', { sort: 'name', order: 'asc', q: 'shirt' }],
        ['search "shirt", price desc (USD)', { sort: 'price', order: 'desc', q: 'shirt' }],
        ['search SKU prefix', { sort: 'created', order: 'desc', q: 'cl-tee-001-g1' }],
        ['search two letters "sh", name asc', { sort: 'name', order: 'asc', q: 'sh' }],
      ]
      for (const [label, query] of cases) {
        const read = (page: number) =>
          listStaffProducts(db, {
            sort: 'created',
            order: 'desc',
            language: 'en',
            currency: 'USD',
            pageSize: PAGE_SIZE,
            ...query,
            page,
          })
        const base = await health()
        const first = await timingsMs(() => read(1), RUNS)
        const deep = await timingsMs(() => read(DEEP_PAGE), RUNS)
        record({
          measure: `back office product list p95 (service), page 1, ${label}`,
          engine,
          size: SIZE,
          value: `${first.p95.toFixed(2)} ms`,
          raw: `p50 ${first.p50.toFixed(2)} ms; page ${DEEP_PAGE} p50 ${deep.p50.toFixed(2)}, p95 ${deep.p95.toFixed(2)} ms; page 1 p50 ${(first.p50 / base).toFixed(1)}× /api/health (${base.toFixed(2)} ms)`,
          target: 'p95 under 50 ms',
        })
        lines.push(
          `| ${engine} | ${label} | ${first.p50.toFixed(2)} | ${first.p95.toFixed(2)} | ${deep.p50.toFixed(2)} (${(deep.p50 / first.p50).toFixed(2)}×) | ${deep.p95.toFixed(2)} | ${base.toFixed(2)} | ${(first.p50 / base).toFixed(1)} |`,
        )
      }
    })
  }
  console.log(
    `| engine | back office list (${SIZE} products, ${PAGE_SIZE} per page) | page 1 p50 ms | page 1 p95 ms | page ${DEEP_PAGE} p50 ms (÷ page 1) | page ${DEEP_PAGE} p95 ms | /api/health p50 ms | page 1 p50 ÷ health |`,
  )
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |')
  for (const line of lines) console.log(line)
}
