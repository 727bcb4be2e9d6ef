import { catalogueCsv } from '../apps/server/src/modules/catalogue-import/import.testing.ts'
import { startShop } from '../e2e/support/shop.ts'
import { account } from '../e2e/support/staff.ts'
import { record } from './figures.ts'
import { benchEngines, load } from './load.ts'

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000)

/**
 * `npm run bench -- import`: the catalogue's CSV import (docs/decisions/0053-catalogue-csv.md) of ROWS new
 * products (10,000 by default) into the demo shop, run as its own process on each engine, through HTTP as the
 * back office does: the dry run (upload, parse, check every row), then the import in the background polled
 * to done (chunks of 500, each with its audit entries and search index) while /api/health is asked every 50 ms
 * (the longest answer: how long a shopper's request waits behind a chunk), then the same file again (every row
 * unchanged); /api/health req/s in the same run for the machine's context.
 */
export async function run(): Promise<void> {
  const lines: string[] = []
  for (const engine of await benchEngines()) {
    const shop = await startShop(engine)
    try {
      const owner = await account(shop.url, shop.databaseUrl, 'owner')
      const headers = { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' }
      const csv = catalogueCsv(ROWS, { prefix: 'BENCH', word: 'Benchlamp' })
      const upload = async () => {
        const started = performance.now()
        const res = await fetch(`${shop.url}/api/owner/catalogue/imports?pageSize=1`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ csv }),
        })
        if (res.status !== 201) throw new Error(`upload ${res.status} ${await res.text()}`)
        return {
          job: (await res.json()) as { id: string; preview: Record<string, number> },
          ms: performance.now() - started,
        }
      }
      const dry = await upload()
      const started = performance.now()
      const start = await fetch(`${shop.url}/api/owner/catalogue/imports/${dry.job.id}/start`, {
        method: 'POST',
        headers,
        body: '{}',
      })
      if (start.status !== 202) throw new Error(`start ${start.status} ${await start.text()}`)
      let status = 'running'
      // Meanwhile a shopper's request: the longest wait for /api/health, asked every 50 ms, says how long a
      // request (a checkout) may wait behind the import.
      let longestWait = 0
      const probe = (async () => {
        while (status === 'running') {
          const asked = performance.now()
          await fetch(`${shop.url}/api/health`)
          longestWait = Math.max(longestWait, performance.now() - asked)
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
      })()
      while (status === 'running') {
        await new Promise((resolve) => setTimeout(resolve, 100))
        const res = await fetch(`${shop.url}/api/owner/catalogue/imports/${dry.job.id}?pageSize=1`, {
          headers,
        })
        status = ((await res.json()) as { status: string }).status
      }
      const importMs = performance.now() - started
      await probe
      if (status !== 'done') throw new Error(`the import ended ${status}`)
      const again = await upload()
      if (again.job.preview.unchanged !== ROWS)
        throw new Error(`second dry run: ${JSON.stringify(again.job.preview)}`)
      const health = await load('health', `${shop.url}/api/health`, { duration: 5 })
      for (const [label, ms, rate] of [
        ['dry run (new products)', dry.ms, true],
        ['import to done', importMs, true],
        ['dry run of the same file again (all unchanged)', again.ms, true],
        ['longest /api/health answer during the import', longestWait, false],
      ] as const) {
        record({
          measure: `CSV import of ${ROWS} rows: ${label}`,
          engine,
          value: `${(ms / 1000).toFixed(2)} s`,
          raw: `${rate ? `${Math.round(ROWS / (ms / 1000))} rows/s; ` : ''}/api/health ${health.requestsPerSecond} req/s`,
          target: rate ? 'a few seconds' : 'one chunk (well under 1 s)',
        })
        lines.push(`| ${engine} | ${label} | ${(ms / 1000).toFixed(2)} | ${health.requestsPerSecond} |`)
      }
    } finally {
      await shop.stop()
    }
  }
  console.log(`| engine | CSV import, ${ROWS} rows | s | /api/health req/s (same run) |`)
  console.log('| --- | --- | ---: | ---: |')
  for (const line of lines) console.log(line)
}
