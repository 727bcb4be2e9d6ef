import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { startShop } from '../e2e/support/shop.ts'
import { record } from './figures.ts'

/**
 * `npm run bench -- lighthouse`: Lighthouse's mobile performance audit (its default: a mid-range phone on a
 * throttled 4G link, simulated), LIGHTHOUSE_RUNS times (default 3) on the home page, a category page and a
 * product page of the built shop, started in production mode (a trial: test payments, mail kept in the
 * database) on SQLite with the demo catalogue. Prints the median score and Largest Contentful Paint of each
 * page, and the product page's first-load JavaScript: every script and modulepreload its HTML names, gzipped.
 * Chromium: CHROME_PATH, else /usr/bin/chromium. Needs the web build (`npm run build`).
 */
export async function run(): Promise<void> {
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3)
  process.env.CHROME_PATH ??= process.env.CHROMIUM_PATH || '/usr/bin/chromium'
  const shop = await startShop('sqlite', {
    NODE_ENV: 'production',
    SEED_DEMO: 'true',
    ALLOW_TEST_PAYMENTS: 'true',
    ALLOW_NO_MAIL: 'true',
    ALLOW_NO_PUBLIC_URL: 'true',
  })
  try {
    const home = await fetchText(`${shop.url}/`)
    const category = firstLink(home, '/c/')
    const product = firstLink(await fetchText(`${shop.url}${category}`), '/p/')
    const chrome = await chromeLauncher.launch({
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    })
    try {
      for (const [label, path] of [
        ['home', '/'],
        ['category', category],
        ['product', product],
      ] as const) {
        const results: Array<{ score: number; lcp: number }> = []
        for (let i = 0; i < runs; i++) results.push(await audit(`${shop.url}${path}`, chrome.port))
        const score = median(results.map((r) => r.score))
        const lcp = median(results.map((r) => r.lcp))
        record({
          measure: `Lighthouse mobile performance (median of ${runs}), ${label}`,
          engine: 'sqlite',
          value: String(Math.round(score * 100)),
          raw: `LCP ${(lcp / 1000).toFixed(2)} s; runs ${results.map((r) => Math.round(r.score * 100)).join(', ')}`,
          target: '≥ 95, LCP ≤ 2.5 s',
        })
        console.log(
          `${label.padEnd(8)} ${path.padEnd(32)} score ${Math.round(score * 100)} (runs: ${results.map((r) => Math.round(r.score * 100)).join(', ')}), LCP ${(lcp / 1000).toFixed(2)} s`,
        )
      }
    } finally {
      chrome.kill()
    }
    const js = await firstLoadJavaScript(shop.url, product)
    record({
      measure: 'first-load JavaScript of the product page, gzip',
      engine: 'sqlite',
      value: `${Math.round(js.gzipBytes / 1000)} KB`,
      raw: `${js.files} files, ${js.bytes} bytes raw, ${js.gzipBytes} bytes gzipped`,
      target: '≤ 140 KB',
    })
    console.log(
      `product page first-load JavaScript: ${js.files} files, ${js.bytes} bytes, ${js.gzipBytes} bytes gzipped`,
    )
  } finally {
    await shop.stop()
  }
}

async function audit(url: string, port: number): Promise<{ score: number; lcp: number }> {
  const result = await lighthouse(url, {
    port,
    onlyCategories: ['performance'],
    formFactor: 'mobile',
    output: 'json',
    logLevel: 'error',
  })
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  const { lhr } = result
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
  const score = lhr.categories.performance?.score
  const lcp = lhr.audits['largest-contentful-paint']?.numericValue
  if (typeof score !== 'number' || typeof lcp !== 'number') throw new Error(`no performance score for ${url}`)
  return { score, lcp }
}

/** Every `<script src>` and `<link rel="modulepreload">` of the page's HTML, fetched and gzipped (level 9). */
async function firstLoadJavaScript(origin: string, path: string) {
  const html = await fetchText(`${origin}${path}`)
  const urls = new Set<string>()
  for (const match of html.matchAll(
    /<script[^>]*\ssrc="([^"]+)"|<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g,
  ))
    urls.add((match[1] ?? match[2]) as string)
  for (const match of html.matchAll(/<link[^>]*href="([^"]+)"[^>]*rel="modulepreload"/g))
    urls.add(match[1] as string)
  // React Router's entry imports the route modules from an inline module script.
  for (const match of html.matchAll(/import\s*(?:[^'"]*from\s*)?["']([^"']+\.js)["']/g))
    urls.add(match[1] as string)
  let bytes = 0
  let gzipBytes = 0
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(new URL(url, origin))).arrayBuffer())
    bytes += body.length
    gzipBytes += gzipSync(body, { level: 9 }).length
  }
  return { files: urls.size, bytes, gzipBytes }
}

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`${url}: ${response.status}`)
  return response.text()
}

function firstLink(html: string, prefix: string): string {
  const match = html.match(new RegExp(`href="(${prefix}[^"?#]+)"`))
  if (!match?.[1]) throw new Error(`no link starting with ${prefix} in the page`)
  return match[1]
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}
