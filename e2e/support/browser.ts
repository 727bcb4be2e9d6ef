import { after } from 'node:test'
import { type Browser, type BrowserContextOptions, chromium } from 'playwright-core'
import { engines } from './shop.ts'

/** Debian's Chromium, headless; never a downloaded browser. CHROMIUM_PATH empty → journeys are skipped. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const browserSkip = chromiumPath ? false : 'no Chromium on this machine (apt-get install chromium)'

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  after(() => browser.close())
  return browser
}

export const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const

/**
 * A page in a new browser (closed after the current test) with `options` (viewport, locale, …) and the
 * page's uncaught errors collected in `errors`.
 */
export async function openPage(options: BrowserContextOptions) {
  const browser = await launchBrowser()
  const context = await browser.newContext(options)
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  return { context, page, errors }
}

/** Both engines for browser journeys: skipped without Chromium, PostgreSQL also without TEST_DATABASE_URL. */
export const browserEngines = engines.map(({ engine, skip }) => ({ engine, skip: browserSkip || skip }))
