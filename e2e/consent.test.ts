import assert from 'node:assert/strict'
import { DatabaseSync } from 'node:sqlite'
import { after, before, describe, test } from 'node:test'
import pg from 'pg'
import type { BrowserContext, Page, Request } from 'playwright-core'
import { browserEngines, launchBrowser, openPage, viewports, widthsOn } from './support/browser.ts'
import { type Engine, type RunningShop, startShop } from './support/shop.ts'

/**
 * Issue 6, consent and tracking (spec §7, docs/decisions/0010 and 0023): the banner, a consent reference on accept,
 * events sent with the consent-reference header, queued in the browser while offline and resent once, and
 * nothing at all without consent.
 */

const JAR = 'p-glass-jar'
const QUEUE_KEY = 'shop_tracking_queue'

interface StoredEvent {
  consent_reference_id: string
  event_id: string
  type: string
  path: string | null
  product_id: string | null
  quantity: number | null
}

async function query<T>(shop: RunningShop, engine: Engine, sql: string): Promise<T[]> {
  if (engine === 'sqlite') {
    const db = new DatabaseSync(shop.databaseUrl, { readOnly: true })
    try {
      return db.prepare(sql).all() as T[]
    } finally {
      db.close()
    }
  }
  const client = new pg.Client({ connectionString: shop.databaseUrl })
  await client.connect()
  try {
    return (await client.query(sql)).rows as T[]
  } finally {
    await client.end()
  }
}

const eventsOf = (shop: RunningShop, engine: Engine, reference: string) =>
  query<StoredEvent>(
    shop,
    engine,
    `SELECT consent_reference_id, event_id, type, path, product_id, quantity FROM tracking_events
     WHERE consent_reference_id = '${reference.replace(/[^A-Za-z0-9_-]/g, '')}' ORDER BY occurred_at`,
  )

/** Polls until `check` holds (events travel asynchronously from the page). */
async function eventually<T>(what: string, read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000
  let value = await read()
  while (!check(value)) {
    if (Date.now() > deadline) assert.fail(`${what}: ${JSON.stringify(value)}`)
    await new Promise((r) => setTimeout(r, 100))
    value = await read()
  }
  return value
}

async function ready(page: Page, url: string) {
  await page.goto(url)
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}

/** Adds once the cart panel of an earlier add has closed by itself (on a phone it covers the page). */
async function addToCart(page: Page, quantity: number) {
  await cartPanelClosed(page)
  await page.getByRole('textbox', { name: 'Quantity', exact: true }).fill(String(quantity))
  await page.getByRole('button', { name: 'Add to cart' }).click()
}

const cartPanelClosed = (page: Page) =>
  page.getByRole('dialog', { name: 'Your cart' }).waitFor({ state: 'hidden', timeout: 10_000 })

const banner = (page: Page) => page.getByRole('region', { name: 'Your privacy' })
const queued = (page: Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]') as Array<{ type: string }>, QUEUE_KEY)
const consentCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((c) => c.name === 'shop_consent')

/** Every tracking and consent call the page makes. */
function watchCalls(page: Page) {
  const calls: Request[] = []
  page.on('request', (request) => {
    if (/\/api\/(tracking|consent)\//.test(request.url())) calls.push(request)
  })
  return calls
}

for (const { engine, skip } of browserEngines) {
  describe(`consent and tracking journeys on ${engine}`, { skip }, () => {
    let shop: RunningShop
    before(async () => {
      shop = await startShop(engine)
    })
    after(async () => {
      await shop?.stop()
    })

    for (const [viewportName, viewport] of widthsOn(engine, import.meta.filename)) {
      const fresh = async () => {
        const opened = await openPage({ viewport })
        return { ...opened, calls: watchCalls(opened.page) }
      }

      test(`${viewportName}: banner by keyboard → accept → page views and add to cart arrive with the header`, async () => {
        const { context, page, errors, calls } = await fresh()
        await ready(page, shop.url)
        await banner(page).waitFor()
        assert.equal(calls.length, 0, 'nothing is sent before the shopper decides')
        // keyboard: right after the skip link comes the banner's accept button
        await page.getByRole('link', { name: 'Skip to content' }).focus()
        await page.keyboard.press('Tab')
        const accept = page.getByRole('button', { name: 'Accept tracking' })
        assert.equal(await accept.evaluate((el) => el === document.activeElement), true)
        const sent = page.waitForRequest((r) => r.url().endsWith('/api/tracking/events'))
        await page.keyboard.press('Enter')
        const request = await sent
        await banner(page).waitFor({ state: 'detached' })
        assert.equal(await page.evaluate(() => document.activeElement?.id), 'main', 'focus moves on')

        const cookie = await consentCookie(context)
        assert.ok(cookie, 'the consent reference is kept in a cookie')
        assert.match(cookie.value, /^[A-Za-z0-9_-]{32}$/)
        assert.ok(cookie.expires * 1000 - Date.now() > 179 * 24 * 3600 * 1000, 'kept for 180 days')
        assert.equal(request.headers()['consent-reference'], cookie.value)

        await ready(page, `${shop.url}/p/x~${JAR}`)
        assert.equal(await banner(page).count(), 0, 'the decision is remembered')
        await addToCart(page, 2)
        await page.getByRole('status').filter({ hasText: '2 added to your cart' }).waitFor()
        const events = await eventually(
          'page views and the add',
          () => eventsOf(shop, engine, cookie.value),
          (rows) => rows.length === 3,
        )
        assert.deepEqual(
          events.map((e) => [e.type, e.path, e.product_id, e.quantity === null ? null : Number(e.quantity)]),
          [
            ['pageView', '/', null, null],
            ['pageView', '/p/glass-storage-jar-1-l~p-glass-jar', null, null], // the canonical URL
            ['addToCart', null, JAR, 2],
          ],
        )
        for (const call of calls.filter((c) => c.url().endsWith('/api/tracking/events'))) {
          assert.equal(call.headers()['consent-reference'], cookie.value)
        }
        assert.deepEqual(await queued(page), [])
        assert.deepEqual(errors, [])
        await context.close()
      })

      test(`${viewportName}: offline → events queued → back online and on the next load → resent, arriving once`, async () => {
        const { context, page, errors } = await fresh()
        await ready(page, `${shop.url}/p/x~${JAR}`)
        await page.getByRole('button', { name: 'Accept tracking' }).click()
        await banner(page).waitFor({ state: 'detached' })
        const reference = (await consentCookie(context))?.value ?? ''
        await eventually(
          'the first page view',
          () => eventsOf(shop, engine, reference),
          (r) => r.length === 1,
        )

        // an add online first (the storefront then knows the cart route without asking the server)
        await addToCart(page, 1)
        await page.getByRole('status').filter({ hasText: '1 added to your cart' }).waitFor()
        await eventually(
          'the first add',
          () => eventsOf(shop, engine, reference),
          (r) => r.length === 2,
        )

        // offline: the add fails, its event waits in the browser; nothing reaches the shop
        await context.setOffline(true)
        await addToCart(page, 3)
        await eventually(
          'the queued add',
          () => queued(page),
          (q) => q.some((e) => e.type === 'addToCart'),
        )
        await page.waitForTimeout(300)
        assert.equal((await eventsOf(shop, engine, reference)).length, 2)

        // back online: sent once, the queue empties
        await context.setOffline(false)
        await eventually(
          'the queue to empty',
          () => queued(page),
          (q) => q.length === 0,
        )
        await eventually(
          'the add after going online',
          () => eventsOf(shop, engine, reference),
          (r) => r.length === 3,
        )

        // the tracking call fails (the shop unreachable): the event stays queued and goes with the next load
        await ready(page, `${shop.url}/p/x~${JAR}`)
        await eventually(
          'the page view',
          () => eventsOf(shop, engine, reference),
          (r) => r.length === 4,
        )
        await page.route('**/api/tracking/events', (route) => route.abort('connectionrefused'))
        await addToCart(page, 4)
        await page.getByRole('status').filter({ hasText: '4 added to your cart' }).waitFor()
        await eventually(
          'the add queued after a failed call',
          () => queued(page),
          (q) => q.length === 1,
        )
        await page.unroute('**/api/tracking/events')
        await ready(page, `${shop.url}/p/x~${JAR}`)
        await eventually(
          'the queue to empty after the load',
          () => queued(page),
          (q) => q.length === 0,
        )
        await eventually(
          'the add resent on the next load',
          () => eventsOf(shop, engine, reference),
          (r) => r.length === 6,
        )
        // a moment later nothing more has arrived: every event exactly once
        await page.waitForTimeout(500)
        const events = await eventsOf(shop, engine, reference)
        assert.deepEqual(
          events.map((e) => [e.type, e.quantity === null ? null : Number(e.quantity)]),
          [
            ['pageView', null],
            ['addToCart', 1],
            ['addToCart', 3],
            ['pageView', null],
            ['addToCart', 4],
            ['pageView', null],
          ],
        )
        assert.equal(new Set(events.map((e) => e.event_id)).size, 6)
        assert.deepEqual(errors, [])
        await context.close()
      })

      test(`${viewportName}: first visit → the banner shifts nothing (CLS < 0.1) and covers no control`, async () => {
        const browser = await launchBrowser()
        const context = await browser.newContext({ viewport })
        const page = await context.newPage()
        await page.addInitScript(() => {
          const shifts = { value: 0 }
          Object.assign(window, { __shifts: shifts })
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as Array<
              PerformanceEntry & { value: number; hadRecentInput: boolean }
            >)
              if (!entry.hadRecentInput) shifts.value += entry.value
          }).observe({ type: 'layout-shift', buffered: true })
        })
        await ready(page, `${shop.url}/p/x~${JAR}`)
        await banner(page).waitFor()
        await page.waitForLoadState('load')
        await page.waitForTimeout(1000)
        const cls = await page.evaluate(
          () => (window as unknown as { __shifts: { value: number } }).__shifts.value,
        )
        console.log(`${viewportName} first-visit CLS with the banner: ${cls.toFixed(4)}`)
        assert.ok(cls < 0.1, `cumulative layout shift ${cls}`)
        // fixed at the bottom: the page keeps room for it, so the end of the page can be scrolled above it
        const box = await banner(page).boundingBox()
        assert.ok(
          box && Math.abs(box.y + box.height - viewport.height) < 1,
          'the banner sits on the bottom edge',
        )
        const room = await page.evaluate(() =>
          Number.parseFloat(getComputedStyle(document.body).paddingBottom),
        )
        assert.ok(box && Math.abs(room - box.height) < 1, `room ${room} for a banner of ${box?.height}`)
        await page.getByRole('button', { name: 'Decline tracking' }).click()
        await banner(page).waitFor({ state: 'detached' })
        assert.equal(await page.evaluate(() => getComputedStyle(document.body).paddingBottom), '0px')
        await context.close()
      })

      test(`${viewportName}: without script the banner's form decides too (decline, then accept)`, async () => {
        const browser = await launchBrowser()
        const context = await browser.newContext({ viewport, javaScriptEnabled: false })
        const page = await context.newPage()
        await page.goto(`${shop.url}/p/x~${JAR}?lang=en`)
        await page.getByRole('button', { name: 'Decline tracking' }).click()
        await banner(page).waitFor({ state: 'detached' })
        assert.equal(new URL(page.url()).search, '?lang=en', 'back on the page it was given on')
        assert.equal((await consentCookie(context))?.value, 'declined')

        await context.clearCookies()
        await page.goto(`${shop.url}/p/x~${JAR}`)
        await page.getByRole('button', { name: 'Accept tracking' }).click()
        await banner(page).waitFor({ state: 'detached' })
        assert.match(page.url(), /\/p\/glass-storage-jar-1-l~p-glass-jar$/)
        const reference = (await consentCookie(context))?.value ?? ''
        assert.match(reference, /^[A-Za-z0-9_-]{32}$/)
        const stored = await query<{ id: string }>(
          shop,
          engine,
          `SELECT id FROM consent_references WHERE id = '${reference.replace(/[^A-Za-z0-9_-]/g, '')}'`,
        )
        assert.equal(stored.length, 1, 'the reference exists on the server')
        await context.close()
      })

      test(`${viewportName}: undecided or declined → no tracking call at all, nothing queued`, async () => {
        const { context, page, errors, calls } = await fresh()
        await ready(page, `${shop.url}/p/x~${JAR}`)
        await banner(page).waitFor()
        // undecided: browsing and adding send and keep nothing
        await addToCart(page, 1)
        await page.getByRole('status').filter({ hasText: '1 added to your cart' }).waitFor()
        await cartPanelClosed(page)
        await page.getByRole('button', { name: 'Decline tracking' }).click()
        await banner(page).waitFor({ state: 'detached' })
        assert.equal((await consentCookie(context))?.value, 'declined')

        await addToCart(page, 1)
        await page.getByRole('status').filter({ hasText: '1 added to your cart' }).waitFor()
        await ready(page, shop.url)
        await ready(page, `${shop.url}/p/x~${JAR}`)
        assert.equal(await banner(page).count(), 0, 'the decline is remembered')
        await context.setOffline(true)
        await context.setOffline(false)
        await page.waitForTimeout(500)
        assert.deepEqual(
          calls.map((c) => c.url()),
          [],
        )
        assert.equal(await page.evaluate((key) => localStorage.getItem(key), QUEUE_KEY), null)
        assert.deepEqual(errors, [])
        await context.close()
      })
    }

    test('the banner is in the server HTML on a first visit, not once decided', async () => {
      const html = (cookie?: string) =>
        fetch(`${shop.url}/p/x~${JAR}`, { headers: cookie ? { cookie } : {} }).then((r) => r.text())
      const first = await html()
      assert.match(first, /<section[^>]*class="consent-banner"/)
      assert.match(first, /<form[^>]*action="\/consent" method="post"/)
      assert.match(first, /Accept tracking/)
      assert.doesNotMatch(await html('shop_consent=declined'), /consent-banner|Accept tracking/)
      assert.doesNotMatch(await html(`shop_consent=${'a'.repeat(32)}`), /consent-banner|Accept tracking/)
      assert.match(await html('shop_consent=garbage'), /Accept tracking/, 'an unreadable cookie asks again')
    })

    test('the consent form refuses bad input and other sites', async () => {
      const post = (body: string, headers: Record<string, string> = {}) =>
        fetch(`${shop.url}/consent`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
          body,
        })
      const bad = await post('choice=maybe')
      assert.equal(bad.status, 400)
      assert.equal((await bad.json()).details[0].field, 'choice')
      const foreign = await post('choice=accept', { 'sec-fetch-site': 'cross-site' })
      assert.equal(foreign.status, 403)
      assert.doesNotMatch(foreign.headers.get('set-cookie') ?? '', /shop_consent/)
      const declined = await post('choice=decline&redirectTo=https://evil.example/')
      assert.equal(declined.status, 303)
      assert.equal(declined.headers.get('location'), '/')
      assert.match(
        declined.headers.get('set-cookie') ?? '',
        /^shop_consent=declined; Max-Age=15552000; Path=\//,
      )
    })

    test('German banner texts and the top bar fit phone widths: nothing wider than the window, both buttons whole, one top-bar row', async () => {
      const browser = await launchBrowser()
      for (const width of [viewports.phone.width, 320]) {
        const context = await browser.newContext({ viewport: { ...viewports.phone, width } })
        const page = await context.newPage()
        await context.addCookies([{ name: 'language', value: 'de', url: shop.url }])
        await ready(page, shop.url)
        const region = page.getByRole('region', { name: 'Ihre Privatsphäre' })
        await region.waitFor()
        const widths = await region.evaluate((node) => ({
          banner: node.scrollWidth,
          page: document.documentElement.scrollWidth,
        }))
        assert.ok(widths.banner <= width && widths.page <= width, `${width}px: ${JSON.stringify(widths)}`)
        for (const name of ['Tracking erlauben', 'Tracking ablehnen']) {
          const box = await page.getByRole('button', { name }).boundingBox()
          assert.ok(
            box && box.x >= 0 && box.x + box.width <= width,
            `${width}px: ${name} ${JSON.stringify(box)}`,
          )
        }
        // the top bar keeps the menu, the shop name and its icons on one row
        const tops = await Promise.all(
          ['.menu__toggle', '.logo', '.cart-toggle'].map(async (selector) => {
            const box = await page.locator(selector).first().boundingBox()
            return box ? Math.round(box.y + box.height / 2) : -1
          }),
        )
        assert.equal(new Set(tops).size, 1, `${width}px: top bar rows ${tops}`)
        const banner = await region.boundingBox()
        console.log(
          `German banner at ${width}px: ${banner?.height.toFixed(0)}px of ${viewports.phone.height}px`,
        )
        await context.close()
      }
    })
  })
}
