import autocannon from 'autocannon'
import { type RunningShop, startShop } from '../e2e/support/shop.ts'
import { record } from './figures.ts'
import { generateCatalogue } from './generate-catalogue.ts'
import { benchEngines, loadWithTimings } from './load.ts'

/** Catalogue sizes to measure; `BENCH_SIZES=1000,100000` by default. */
const SIZES = (process.env.BENCH_SIZES ?? '1000,100000').split(',').map(Number)
const DURATION = Number(process.env.BENCH_SECONDS ?? 3)
/** Only the routes whose label contains one of these words (`BENCH_ROUTES=search`); the trivial route always runs. */
const ROUTES = process.env.BENCH_ROUTES?.split(',').filter(Boolean)
/** Concurrent connections of the load; 50 by default (the catalogue target is stated at 50). */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
/** Rounds of the whole comparison (every route at every size); the figures are their medians. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)

interface Row {
  engine: string
  size: number
  label: string
  rps: number
  p50: number
  p95: number
  p97_5: number
  p99: number
  ratio: number
  non2xx: number
  /** The trivial route's req/s in the round (and at the size) of `ratio`. */
  trivial: number
  /** The req/s of the round of `ratio` (the median ratio's own round). */
  ratioRps: number
  /** Each round's p95 and ratio, as printed. */
  rounds?: string
}

async function measure(url: string, headers: Record<string, string>) {
  const base = { url, headers, connections: CONNECTIONS }
  await autocannon({ ...base, duration: 1 })
  const { result: r, p95 } = await loadWithTimings({ ...base, duration: DURATION })
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p95,
    p97_5: r.latency.p97_5,
    p99: r.latency.p99,
    non2xx: r.non2xx + r.errors,
  }
}

/**
 * Product list, product detail and live search against the trivial JSON route, per engine and catalogue
 * size (the generator fills each size's database before the load). Both sizes are served at once by shops of
 * their own, and measured side by side: in each of ROUNDS rounds every route is loaded at every size in turn, the
 * trivial route first, so a change of the shared machine's speed during the run moves both sides of a comparison
 * (size against size, route against the trivial route). A figure is the round with the median p95; a ratio to the
 * trivial route is the median of the rounds' ratios, each against the trivial route of its own round and size.
 * autocannon reports no p95: it is computed from the per-request timings (loadWithTimings) and used for the
 * 100,000-vs-1,000 comparison; p97.5 is printed beside it.
 */
export async function run(): Promise<void> {
  const rows: Row[] = []
  const sitemaps: Array<{ engine: string; size: number; urls: number; parts: number; ms: number }> = []
  const headers = { 'accept-language': 'en', currency: 'USD', 'site-code': 'us' }
  for (const engine of await benchEngines()) {
    const started: RunningShop[] = []
    try {
      const shops = new Map<number, { url: string; routes: Array<[string, string]> }>()
      for (const size of SIZES) {
        const owner = await startShop(engine)
        started.push(owner)
        const { seconds } = await generateCatalogue(owner.databaseUrl, size)
        console.log(`${engine}: ${size} products generated and indexed in ${seconds.toFixed(1)} s`)
        // The load goes to a shop process started after the import, as after a deployment: SQLite reads
        // planner statistics when a connection opens (and the shop refreshes them at start-up), so the
        // process that was running during the bulk import from another process plans with the statistics of
        // its seeded demo catalogue (docs/decisions/0016).
        const shop = await startShop(engine, {}, { databaseUrl: owner.databaseUrl })
        started.push(shop)
        shops.set(size, { url: shop.url, routes: await routesOf(shop.url, headers) })
      }
      const rounds = new Map<string, Row[]>()
      for (let round = 0; round < ROUNDS; round++) {
        const trivial = new Map<number, number>()
        const labels = shops.get(SIZES[0] ?? 0)?.routes.map(([label]) => label) ?? []
        for (const [index, label] of labels.entries()) {
          if (index > 0 && ROUTES && !ROUTES.some((word) => label.includes(word))) continue
          for (const size of SIZES) {
            const shop = shops.get(size)
            const path = shop?.routes[index]?.[1]
            if (!shop || !path) continue
            const m = await measure(`${shop.url}${path}`, headers)
            if (index === 0) trivial.set(size, m.rps)
            const key = `${size} ${label}`
            const base = trivial.get(size) ?? m.rps
            const row = { engine, size, label, ...m, ratio: m.rps / base, trivial: base, ratioRps: m.rps }
            rounds.set(key, [...(rounds.get(key) ?? []), row])
          }
        }
      }
      for (const measured of rounds.values()) rows.push(medianRound(measured))
      if (!ROUTES || ROUTES.includes('sitemap'))
        for (const [size, shop] of shops) sitemaps.push({ engine, size, ...(await timeSitemap(shop.url)) })
    } finally {
      for (const shop of started.reverse()) await shop.stop()
    }
  }
  console.log(
    `| engine | products | route (${CONNECTIONS} connections, median of ${ROUNDS} rounds) | req/s | ratio to trivial | p50 ms | p95 ms | p97.5 ms | p99 ms | non-2xx | p95 and ratio of each round |`,
  )
  console.log('| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |')
  for (const r of rows) {
    console.log(
      `| ${r.engine} | ${r.size} | ${r.label} | ${Math.round(r.rps)} | ${(r.ratio * 100).toFixed(1)} % | ${r.p50} | ${r.p95} | ${r.p97_5} | ${r.p99} | ${r.non2xx} | ${r.rounds} |`,
    )
  }
  console.log('| engine | products | sitemap <url>s | parts | median ms per part |')
  console.log('| --- | ---: | ---: | ---: | ---: |')
  for (const m of sitemaps)
    console.log(`| ${m.engine} | ${m.size} | ${m.urls} | ${m.parts} | ${m.ms.toFixed(0)} |`)
  recordFigures(rows)
  const small = Math.min(...SIZES)
  const large = Math.max(...SIZES)
  for (const r of rows.filter((x) => x.size === large)) {
    const base = rows.find((x) => x.size === small && x.engine === r.engine && x.label === r.label)
    if (base && base !== r) {
      const factor = r.p95 / Math.max(base.p95, 1)
      const factor97 = r.p97_5 / Math.max(base.p97_5, 1)
      if (r.label !== 'trivial /api/health')
        record({
          measure: `p95 at ${large} ÷ p95 at ${small}, ${r.label}`,
          engine: r.engine,
          value: factor.toFixed(2),
          raw: `${r.p95} vs ${base.p95} ms`,
          target: '≤ 1.3',
        })
      console.log(
        `${r.engine} ${r.label}: p95 at ${large} is ${factor.toFixed(2)}× that at ${small} ${factor <= 2 ? '(within 2×)' : '(NOT within 2×)'}; p97.5 ${factor97.toFixed(2)}×`,
      )
    }
  }
}

/** The routes loaded on a shop, the trivial one first; the product detail names the newest product. */
async function routesOf(url: string, headers: Record<string, string>): Promise<Array<[string, string]>> {
  const last = await fetch(`${url}/api/catalogue/products?pageSize=1&sort=metadata.createdAt:desc`, {
    headers,
  }).then((r) => r.json() as Promise<Array<{ id: string }>>)
  return [
    ['trivial /api/health', '/api/health'],
    ['product list (15, prices)', '/api/catalogue/products?pageSize=15&expand=prices&q=published:true'],
    [
      'product list name.de (15, prices)',
      '/api/catalogue/products?pageSize=15&expand=prices&q=published:true&sort=name.de',
    ],
    [
      'category list name.de:desc (c-shoes, 15)',
      '/api/catalogue/products?pageSize=15&expand=prices&q=category:c-shoes&sort=name.de:desc',
    ],
    // as the product page asks: prices and the slug per language (its hreflang links)
    ['product detail', `/api/catalogue/products/${last[0]?.id}?expand=prices,slugs`],
    ['live search "shir"', '/api/search/products?q=shir&hitsPerPage=5'],
  ]
}

/**
 * The round with the median p95 (its latencies and req/s, as measured together), and the median ratio to the
 * trivial route with the two req/s of its own round.
 */
function medianRound(measured: Row[]): Row {
  const middle = <T>(list: T[]) => list[Math.floor((list.length - 1) / 2)] as T
  const byP95 = middle([...measured].sort((a, b) => a.p95 - b.p95))
  const byRatio = middle([...measured].sort((a, b) => a.ratio - b.ratio))
  const rounds = measured.map((r) => `${r.p95} ms ${(r.ratio * 100).toFixed(0)} %`).join(', ')
  return { ...byP95, ratio: byRatio.ratio, trivial: byRatio.trivial, ratioRps: byRatio.rps, rounds }
}

/**
 * The figures from the rows: the list ratio, p99 of list and detail (beside the bare route's own p99 at
 * the same engine and size: the floor the load generator, on the same cores, leaves), live search p95.
 */
function recordFigures(rows: Row[]): void {
  for (const r of rows) {
    const bare = rows.find(
      (x) => x.engine === r.engine && x.size === r.size && x.label === 'trivial /api/health',
    )
    if (r.label === 'product list (15, prices)')
      record({
        measure: `15-product list with prices, req/s ÷ bare route (${CONNECTIONS} connections)`,
        engine: r.engine,
        size: r.size,
        value: r.ratio.toFixed(3),
        raw: `${Math.round(r.ratioRps)} vs ${Math.round(r.trivial)} req/s (median of ${ROUNDS} rounds)`,
        target: r.engine === 'sqlite' ? '≥ 0.5' : '≥ 0.35',
      })
    if (r.label === 'product list (15, prices)' || r.label === 'product detail')
      record({
        measure: `p99 at ${CONNECTIONS} connections, ${r.label}`,
        engine: r.engine,
        size: r.size,
        value: `${r.p99} ms`,
        raw: `p50 ${r.p50}, p95 ${r.p95} ms; the bare route's p99 ${bare?.p99 ?? '?'} ms`,
        target: '≤ 10 ms',
      })
    if (r.label.startsWith('live search'))
      record({
        measure: `live search p95 (server), ${r.label}`,
        engine: r.engine,
        size: r.size,
        value: `${r.p95} ms`,
        raw: `${Math.round(r.rps)} req/s, p99 ${r.p99} ms`,
        target: '≤ 10 ms at 100,000',
      })
  }
}

/**
 * The sitemap is read by crawlers, not shoppers: not a load, but the time to build it. Every part (or the
 * single sitemap) three times in a row; the median per part, and how many `<url>`s it holds in all.
 */
async function timeSitemap(url: string): Promise<{ urls: number; parts: number; ms: number }> {
  const first = await (await fetch(`${url}/sitemap.xml`)).text()
  const parts = [...first.matchAll(/<sitemap><loc>[^<]*\/(sitemap-\d+\.xml)<\/loc>/g)].map((m) => `/${m[1]}`)
  const paths = parts.length ? parts : ['/sitemap.xml']
  const times: number[] = []
  let urls = 0
  for (const path of paths) {
    for (let i = 0; i < 3; i++) {
      const start = performance.now()
      const body = await (await fetch(`${url}${path}`)).text()
      times.push(performance.now() - start)
      if (i === 0) urls += body.split('<url>').length - 1
    }
  }
  times.sort((a, b) => a - b)
  return { urls, parts: paths.length, ms: times[Math.floor(times.length / 2)] ?? 0 }
}
