import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { SERVER_FLAGS } from '../e2e/support/server-flags.ts'
import { startShop } from '../e2e/support/shop.ts'
import { record } from './figures.ts'
import { benchEngines, type LoadResult, load, printTable } from './load.ts'

/**
 * `npm run bench -- ssr`: the server-rendered product page against the product API answer it shows, and the
 * trivial JSON route, on the same production-mode shop process; the process's resident memory is sampled every
 * 250 ms during the page load (its peak and its value at the end). Needs the web build (`npm run build`).
 * The cookies of one shopper visit are sent with every request (as a returning shopper's browser does), so the
 * page is rendered for a known session rather than minting an anonymous token per request: with no cart and
 * nobody signed in, the page cache serves it (docs/decisions/0040). A second load gives every request its own
 * address, so each is rendered: the cost of a page the cache does not have (a first visit, a shopper with a cart).
 * The memory figure has a reference measured in the same run: a bare React render server (bare-render-server.ts)
 * under the same rendered load, with the shop's Node.js flags.
 */
export async function run(): Promise<void> {
  const rows: Array<LoadResult & { engine: string }> = []
  const summary: string[] = []
  const bare = await bareRender()
  rows.push({ engine: '(none)', ...bare.result })
  for (const engine of await benchEngines()) {
    const shop = await startShop(engine, {
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      ALLOW_TEST_PAYMENTS: 'true',
      ALLOW_NO_MAIL: 'true',
      ALLOW_NO_PUBLIC_URL: 'true',
    })
    try {
      const first = await fetch(`${shop.url}/`, { redirect: 'manual' })
      const cookie = first.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ')
      const headers = { 'accept-language': 'en', currency: 'USD', 'site-code': 'us' }
      const [product] = (await fetch(`${shop.url}/api/catalogue/products?pageSize=1&q=published:true`, {
        headers,
      }).then((r) => r.json())) as Array<{ id: string; slugs?: Record<string, string> }>
      if (!product) throw new Error('the catalogue is empty')
      const page = await fetch(`${shop.url}/p/x~${product.id}`, { redirect: 'manual', headers: { cookie } })
      const pagePath = page.headers.get('location') ?? `/p/x~${product.id}`
      const trivial = await load('GET /api/health', `${shop.url}/api/health`)
      const api = await load(
        'GET product API (prices, slugs)',
        `${shop.url}/api/catalogue/products/${product.id}?expand=prices,slugs`,
        { headers },
      )
      const sampler = sampleRss(shop.child.pid ?? 0)
      const ssr = await load(`GET ${pagePath} (server-rendered)`, `${shop.url}${pagePath}`, {
        headers: { cookie, 'accept-language': 'en' },
      })
      // Every request its own address: the page cache never has it, each one is rendered.
      const rendered = await load(
        `GET ${pagePath}?r=… (rendered every time)`,
        `${shop.url}${pagePath}?r=[<id>]`,
        {
          headers: { cookie, 'accept-language': 'en' },
          idReplacement: true,
        },
      )
      const memory = sampler.stop()
      rows.push({ engine, ...trivial }, { engine, ...api }, { engine, ...ssr }, { engine, ...rendered })
      const ratio = (page: LoadResult) => (page.requestsPerSecond / api.requestsPerSecond).toFixed(2)
      record({
        measure: 'SSR product page req/s ÷ product API req/s (returning shopper, no cart)',
        engine,
        value: ratio(ssr),
        raw: `${ssr.requestsPerSecond} vs ${api.requestsPerSecond} req/s; rendered every time ${ratio(rendered)} (${rendered.requestsPerSecond} req/s)`,
        target: '≥ 0.4',
      })
      record({
        measure: 'RSS under SSR load (peak)',
        engine,
        value: `${memory.peakMb} MB`,
        raw: `${memory.lastMb} MB at the end; ${memory.fileMb} MB of the peak file-backed (the node binary); ${(memory.peakMb / bare.memory.peakMb).toFixed(2)} × a bare React render server under the same load (${bare.memory.peakMb} MB, ${bare.memory.fileMb} MB file-backed)`,
        target: '≤ 150 MB',
      })
      summary.push(
        `${engine}: SSR product page ÷ product API = ${ratio(ssr)} (${ssr.requestsPerSecond} vs ${api.requestsPerSecond} req/s; trivial ${trivial.requestsPerSecond}); rendered every time ${ratio(rendered)} (${rendered.requestsPerSecond} req/s); RSS under both page loads: peak ${memory.peakMb} MB (${memory.fileMb} MB of it file-backed), at the end ${memory.lastMb} MB`,
      )
    } finally {
      await shop.stop()
    }
  }
  printTable(rows)
  for (const line of summary) console.log(line)
  console.log(
    `a bare React render server (bench/bare-render-server.ts, the shop's Node.js flags): ${bare.result.requestsPerSecond} req/s; RSS peak ${bare.memory.peakMb} MB (${bare.memory.fileMb} MB of it file-backed), at the end ${bare.memory.lastMb} MB`,
  )
}

/**
 * The reference for the memory figure: what a process that only renders React with the shop's flags holds under
 * the same load as the shop's rendered pages (every request its own address).
 */
async function bareRender(): Promise<{
  result: LoadResult
  memory: ReturnType<ReturnType<typeof sampleRss>['stop']>
}> {
  const child = spawn(
    process.execPath,
    [...SERVER_FLAGS, join(import.meta.dirname, 'bare-render-server.ts')],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  try {
    const port = await new Promise<string>((resolve, reject) => {
      child.once('error', reject)
      child.once('exit', (code) => reject(new Error(`the bare render server exited (${code})`)))
      child.stdout.once('data', (chunk: Buffer) => resolve(String(chunk).trim().split('\n')[0] ?? ''))
    })
    const sampler = sampleRss(child.pid ?? 0)
    const result = await load('GET /p?r=… (a bare React render)', `http://127.0.0.1:${port}/p?r=[<id>]`, {
      idReplacement: true,
    })
    return { result, memory: sampler.stop() }
  } finally {
    child.removeAllListeners('exit')
    child.kill('SIGTERM')
  }
}

/**
 * Resident set size of a process (Linux /proc), sampled until stopped; with the part of the peak that is
 * file-backed (mostly the node binary's own code, shared with every other Node.js process on the machine).
 */
function sampleRss(pid: number): { stop(): { peakMb: number; lastMb: number; fileMb: number } } {
  const read = () => {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0)
    return { rss: kb('VmRSS') / 1024, file: kb('RssFile') / 1024 }
  }
  let peak = read()
  let last = peak
  const timer = setInterval(() => {
    last = read()
    if (last.rss > peak.rss) peak = last
  }, 250)
  return {
    stop() {
      clearInterval(timer)
      last = read()
      if (last.rss > peak.rss) peak = last
      return { peakMb: Math.round(peak.rss), lastMb: Math.round(last.rss), fileMb: Math.round(peak.file) }
    },
  }
}
