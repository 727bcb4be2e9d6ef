import { basename } from 'node:path'
import { after } from 'node:test'
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
  type Request,
} from 'playwright-core'
import { type Engine, engines } from './shop.ts'

/** Debian's Chromium, headless; never a downloaded browser. CHROMIUM_PATH empty → journeys are skipped. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const browserSkip = chromiumPath ? false : 'no Chromium on this machine (apt-get install chromium)'

/**
 * One Chromium per test file, started on first use and closed after the file's last test: starting a browser
 * costs more than most journeys' steps, and a context (cookies, storage, cache) isolates as well as a browser.
 */
let shared: Promise<Browser> | undefined
after(async () => {
  if (shared) await (await shared).close()
})

function sharedBrowser(): Promise<Browser> {
  shared ??= chromium.launch({
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
  return shared
}

/**
 * The file's browser, seen by the caller as its own: every context it opens (newContext, newPage) is closed
 * when the caller's test (or, called at a file's top level, the file) ends, so no page of a finished journey
 * keeps running beside the next one.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await sharedBrowser()
  const contexts = new Set<BrowserContext>()
  const closeAll = () => Promise.all([...contexts].map((c) => c.close().catch(() => undefined)))
  after(closeAll)
  const track = <T extends BrowserContext>(context: T): T => {
    contexts.add(context)
    watchRequests(context)
    return context
  }
  return new Proxy(browser, {
    get(target, property) {
      if (property === 'newContext')
        return async (options?: BrowserContextOptions) => track(await target.newContext(options))
      if (property === 'newPage')
        return async (options?: BrowserContextOptions) => {
          const page = await target.newPage(options)
          track(page.context())
          return page
        }
      if (property === 'close') return async () => void (await closeAll())
      const value = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

export const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const
export type Width = keyof typeof viewports
type Viewport = (typeof viewports)[Width]
/** Every width with its viewport, typed (`Object.entries` loses the key's type). */
export const widths = Object.entries(viewports) as Array<[Width, Viewport]>

/**
 * BROWSER_MATRIX=full runs every journey at every width on every engine and every accessibility check in every
 * language at every width; by default the two dimensions are paired (docs/decisions/0097).
 */
const fullMatrix = process.env.BROWSER_MATRIX === 'full'

/**
 * The widths a journey of `file` (its `import.meta.filename`) runs at on `engine`. Every journey runs on both
 * engines and at both widths, one width per engine; which engine gets the phone alternates from file to file (by
 * the file's name), so the suite as a whole runs every pair. An engine alone (PostgreSQL skipped) gets both.
 */
export function widthsOn(engine: Engine, file: string): Array<[Width, Viewport]> {
  if (fullMatrix || browserEngines.some((e) => e.skip)) return widths
  const phoneOnSqlite = [...basename(file)].reduce((sum, c) => sum + c.charCodeAt(0), 0) % 2 === 0
  const phone = phoneOnSqlite === (engine === 'sqlite')
  return widths.filter(([width]) => (width === 'phone') === phone)
}

/**
 * The languages an accessibility check runs in at `width`, of the two given: the first on the desktop, the second
 * on the phone (the longer German texts where space is short); each page is checked in both languages and at both
 * widths.
 */
export function languagesAt<L>(width: Width, languages: readonly [L, L]): L[] {
  if (fullMatrix) return [...languages]
  return [width === 'desktop' ? languages[0] : languages[1]]
}

/**
 * A page in a new context of the file's browser (closed after the current test) with `options` (viewport, locale, …) and the
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

/**
 * Waits for `expected` like `locator.waitFor()`; when it does not appear, the error says what the page showed
 * instead (the open dialogs' and alerts' text, the address), so a rare failure in CI explains itself.
 */
export async function waitForOrTell(page: Page, expected: Locator, what: string): Promise<void> {
  try {
    await expected.waitFor()
  } catch (error) {
    const shown = async (role: 'dialog' | 'alert') =>
      (
        await page
          .getByRole(role)
          .allInnerTexts()
          .catch(() => [])
      ).map((t) => t.replace(/\s+/g, ' ').trim())
    const seen = {
      url: page.url(),
      dialogs: await shown('dialog'),
      alerts: await shown('alert'),
      requests: requestsOf(page.context()),
    }
    throw new Error(`${what} did not appear; the page showed ${JSON.stringify(seen)}`, { cause: error })
  }
}

/** A context's requests still waiting for their answer, and the last ones answered, for `waitForOrTell`. */
interface Traffic {
  pending: Map<Request, number>
  answered: string[]
}
const traffic = new WeakMap<BrowserContext, Traffic>()

const describe = (request: Request) => `${request.method()} ${new URL(request.url()).pathname}`

function watchRequests(context: BrowserContext): void {
  const seen: Traffic = { pending: new Map(), answered: [] }
  traffic.set(context, seen)
  const settle = (request: Request, outcome: string) => {
    const started = seen.pending.get(request)
    seen.pending.delete(request)
    const took = started === undefined ? '' : ` after ${Math.round(performance.now() - started)} ms`
    seen.answered.push(`${describe(request)} ${outcome}${took}`)
    if (seen.answered.length > 8) seen.answered.shift()
  }
  context.on('request', (request) => seen.pending.set(request, performance.now()))
  context.on('requestfinished', (request) => {
    // The context may close before Playwright has the answer's details: the request is then simply over.
    request.response().then(
      (response) => settle(request, String(response?.status() ?? 'no answer')),
      () => settle(request, 'finished (context closed)'),
    )
  })
  context.on('requestfailed', (request) => settle(request, `failed (${request.failure()?.errorText ?? '?'})`))
}

/** What the page's context still waits for (with how long) and what it last had answered: the shop or the page? */
function requestsOf(context: BrowserContext): { pending: string[]; lastAnswered: string[] } {
  const seen = traffic.get(context)
  if (!seen) return { pending: [], lastAnswered: [] }
  const now = performance.now()
  const pending = [...seen.pending].map(
    ([request, started]) => `${describe(request)} for ${Math.round(now - started)} ms`,
  )
  return { pending, lastAnswered: [...seen.answered] }
}
