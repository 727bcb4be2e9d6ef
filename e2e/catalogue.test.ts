import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { BrowserContext, Page } from 'playwright-core'
import { browserEngines, browserSkip, launchBrowser, viewports, widthsOn } from './support/browser.ts'
import { type RunningShop, startShop } from './support/shop.ts'
import { withoutActiveSites } from './support/sql.ts'

/** Catalogue journeys of issue 3, at desktop and phone size, in English and German, on SQLite and PostgreSQL. */
const texts = {
  en: {
    colour: 'Colour',
    size: 'Size',
    tee: 'Classic Crew Tee',
    specs: 'Specifications',
    material: 'Cotton',
  },
  de: {
    colour: 'Farbe',
    size: 'Größe',
    tee: 'Klassisches Rundhals-Shirt',
    specs: 'Technische Daten',
    material: 'Baumwolle',
  },
} as const

for (const { engine, skip } of browserEngines) {
  describe(`catalogue journeys on ${engine}`, { skip }, () => {
    let shop: RunningShop
    before(async () => {
      shop = await startShop(engine)
    })
    after(() => shop?.stop())

    async function open(context: BrowserContext, path: string): Promise<Page> {
      const page = await context.newPage()
      await page.goto(`${shop.url}${path}`)
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
      return page
    }

    async function newContext(
      viewport: { width: number; height: number },
      language: 'en' | 'de',
      site = 'us',
    ) {
      const browser = await launchBrowser()
      const context = await browser.newContext({ viewport, reducedMotion: 'reduce' })
      await context.addCookies([
        { name: 'language', value: language, url: shop.url },
        { name: 'site', value: site, url: shop.url },
        // A shopper who has answered the consent banner: these journeys are about the catalogue, and the
        // banner (shown client-side only) shifts the page on reload (noted as open work).
        { name: 'shop_consent', value: 'declined', url: shop.url },
      ])
      return context
    }

    for (const [viewportName, viewport] of widthsOn(engine, import.meta.filename)) {
      for (const language of ['en', 'de'] as const) {
        const label = `${viewportName} ${language}`
        const text = texts[language]

        test(`${label}: home carousel with picture per viewport, pause, keyboard, two banners`, async () => {
          const context = await newContext(viewport, language)
          const page = await open(context, '/')
          const carousel = page.locator('section.carousel')
          const source = carousel.locator('picture source').first()
          assert.match((await source.getAttribute('media')) ?? '', /min-width/)
          const current = await carousel
            .locator('img')
            .first()
            .evaluate((img) => (img as HTMLImageElement).currentSrc)
          assert.match(current, viewportName === 'phone' ? /small/ : /large/)
          const next = page.getByRole('button', { name: language === 'de' ? 'Nächstes Bild' : 'Next slide' })
          await next.focus()
          await page.keyboard.press('Enter')
          await carousel.locator('[aria-roledescription="slide"]:not([hidden])').first().waitFor()
          const visible = await carousel
            .locator('[aria-roledescription="slide"]:not([hidden])')
            .getAttribute('aria-label')
          assert.match(visible ?? '', /2/)
          assert.equal(await page.locator('.banners .banner').count(), 2)
          await context.close()
        })

        test(`${label}: category listing sorts, scrolls infinitely with ?page=n, reloads in place, back to top`, async () => {
          const context = await newContext(viewport, language)
          const page = await open(context, '/c/all')
          const tiles = page.locator('ul.grid > li')
          assert.equal(await tiles.count(), 15)
          const firstAz = await tiles.first().locator('h2').textContent()
          await page.getByLabel(language === 'de' ? /Sortieren/ : 'Sort by').selectOption('name-desc')
          await page.waitForURL(/sort=name-desc/)
          await page.waitForFunction(
            (first) => document.querySelector('ul.grid > li h2')?.textContent !== first,
            firstAz,
          )
          // Infinite scroll: reaching the end of the grid loads page 2 and the address follows.
          const lastOfPage1 = await tiles.nth(14).getAttribute('data-product-id')
          const appended = page.waitForRequest((r) => r.url().includes('append=1'))
          await page.locator('.listing__sentinel').scrollIntoViewIfNeeded()
          // The fetcher reads on after the last product shown (keyset paging); the address keeps the page number.
          assert.equal(new URL((await appended).url()).searchParams.get('after'), lastOfPage1)
          await page.waitForFunction(() => document.querySelectorAll('ul.grid > li').length > 15)
          await tiles.nth(20).scrollIntoViewIfNeeded()
          await page.waitForURL(/page=2/)
          assert.ok(!page.url().includes('after='))
          assert.equal(await tiles.count(), 30)
          await page.reload()
          await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
          assert.equal(await tiles.count(), 30, 'reload keeps both pages')
          assert.ok(
            (await page.evaluate(() => window.scrollY)) > 300,
            'reload returns to the place in the list',
          )
          // Back from a product returns to the same place with the same tiles.
          await tiles.nth(20).locator('a').click()
          await page.waitForURL(/\/p\//)
          await page.goBack()
          await page.waitForURL(/page=2/)
          await page.waitForFunction(() => document.querySelectorAll('ul.grid > li').length === 30)
          assert.ok(
            (await page.evaluate(() => window.scrollY)) > 300,
            'back returns to the place in the list',
          )
          const top = page.getByRole('button', { name: language === 'de' ? 'Nach oben' : 'Back to top' })
          await top.click()
          await page.waitForFunction(() => window.scrollY < 5)
          await context.close()
        })

        test(`${label}: product detail with variants, tabs, shipping rates dialog, quantity filter`, async () => {
          const context = await newContext(viewport, language)
          const page = await open(context, '/p/x~p-classic-tee')
          await page.waitForURL(/\/p\/[a-z-]+~p-classic-tee/, { timeout: 5000 })
          await page.getByRole('heading', { level: 1, name: text.tee }).waitFor()
          const colour = page.getByLabel(text.colour, { exact: true })
          const size = page.getByLabel(text.size, { exact: true })
          // The default variant is Blue / S; Red comes in M, L, XL only, so with S chosen Red is disabled.
          assert.equal(await colour.locator('option[value="Red"]').isDisabled(), true)
          await size.selectOption('M')
          await colour.selectOption('Red')
          assert.equal(await size.locator('option[value="S"]').isDisabled(), true)
          const add = page.getByRole('button', {
            name: language === 'de' ? /In den Warenkorb/ : 'Add to cart',
          })
          assert.equal(await add.isEnabled(), true)
          const qty = page.getByRole('textbox', { name: language === 'de' ? 'Menge' : 'Quantity' })
          await qty.fill('')
          await qty.pressSequentially('a2b')
          assert.equal(await qty.inputValue(), '2')
          await qty.fill('')
          assert.equal(await add.isDisabled(), true, 'empty quantity disables add')
          // Tabs: description by default, specifications on demand, keyboard operable.
          const descriptionTab = page.getByRole('tab', { selected: true })
          assert.equal(await descriptionTab.getAttribute('id'), 'tab-description')
          await descriptionTab.focus()
          await page.keyboard.press('ArrowRight')
          await page.getByRole('tabpanel', { name: text.specs }).getByText(text.material).waitFor()
          // Shipping rates: a modal dialog, Escape closes it.
          await page
            .getByRole('button', { name: language === 'de' ? 'Versandkosten' : 'Shipping rates' })
            .click()
          const dialog = page.getByRole('dialog')
          await dialog.getByRole('table').first().waitFor()
          await page.keyboard.press('Escape')
          await dialog.waitFor({ state: 'hidden' })
          await context.close()
        })
      }

      test(`${viewportName}: unknown category is the 404 screen with a button home`, async () => {
        const response = await fetch(`${shop.url}/c/nothing~c-nothing`)
        assert.equal(response.status, 404)
        const context = await newContext(viewport, 'en')
        const page = await open(context, '/c/nothing~c-nothing')
        await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor()
        await page.getByRole('link', { name: 'Back to home' }).click()
        await page.waitForURL(`${shop.url}/`)
        await context.close()
      })

      test(`${viewportName}: site and language change via the selector, prices in the site currency`, async () => {
        const context = await newContext(viewport, 'en')
        const page = await open(context, '/c/t-shirts~c-tshirts')
        assert.match((await page.locator('.tile__price').first().textContent()) ?? '', /USD/)
        await page.locator('summary[aria-label^="Site and language"]').click()
        await page.getByLabel('Site', { exact: true }).selectOption('de')
        await page.getByLabel('Language', { exact: true }).selectOption('de')
        await page.getByRole('button', { name: 'Apply' }).click()
        await page.waitForURL(/\/c\/t-shirts~c-tshirts/)
        await page.getByRole('heading', { level: 1, name: 'T-Shirts' }).waitFor()
        assert.match((await page.locator('.tile__price').first().textContent()) ?? '', /EUR/)
        const cookies = await context.cookies()
        assert.equal(cookies.find((c) => c.name === 'site')?.value, 'de')
        assert.equal(cookies.find((c) => c.name === 'language')?.value, 'de')
        await page.locator('.tile__link').first().click()
        await page.waitForURL(/\/p\//)
        assert.match((await page.locator('.product__price').textContent()) ?? '', /€/)
        await context.close()
      })

      test(`${viewportName}: site ca has no banners (home redirects) and a long tax label with see more`, async () => {
        const context = await newContext(viewport, 'en', 'ca')
        const page = await open(context, '/')
        await page.waitForURL(/\/c\/all/)
        const product = await open(context, '/p/x~p-cabin-suitcase')
        const label = product.locator('.tax-label span').first()
        const short = (await label.textContent()) ?? ''
        assert.equal(short.length, 60)
        assert.ok(short.endsWith('…'))
        await product.getByRole('button', { name: 'See more' }).click()
        assert.ok(((await label.textContent()) ?? '').length > 60)
        await context.close()
      })
    }

    test('desktop: the carousel advances every 5000 ms, stays still when paused and under reduced motion', async () => {
      const browser = await launchBrowser()
      const shown = (page: Page) =>
        page.locator('.carousel [aria-roledescription="slide"]:not([hidden])').getAttribute('aria-label')
      const context = await browser.newContext({ viewport: viewports.desktop })
      const page = await context.newPage()
      await page.clock.install()
      await page.goto(shop.url)
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
      // Stop the page's clock, then step it: every 5000 ms window holds exactly one advance (3 slides).
      await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000))
      const index = async () => Number(/^Slide (\d+)/.exec((await shown(page)) ?? '')?.[1])
      const start = await index()
      await page.clock.runFor(5000)
      assert.equal(await index(), (start % 3) + 1)
      await page.clock.runFor(5000)
      assert.equal(await index(), ((start + 1) % 3) + 1)
      await page.getByRole('button', { name: 'Pause carousel' }).click()
      await page.getByRole('button', { name: 'Play carousel' }).waitFor()
      await page.mouse.move(0, 700)
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
      const paused = await index()
      await page.clock.runFor(11_000)
      assert.equal(await index(), paused, 'paused')
      await context.close()

      const reduced = await browser.newContext({ viewport: viewports.desktop, reducedMotion: 'reduce' })
      const still = await reduced.newPage()
      await still.clock.install()
      await still.goto(shop.url)
      await still.locator('html[data-hydrated]').waitFor({ state: 'attached' })
      await still.clock.runFor(11_000)
      assert.match((await shown(still)) ?? '', /^Slide 1 /, 'no rotation under reduced motion')
      await reduced.close()
    })

    test('phone: the navigation drawer is a modal dialog; Escape and the close button close it', async () => {
      const context = await newContext(viewports.phone, 'en')
      const page = await open(context, '/')
      await page.getByRole('button', { name: 'Menu' }).click()
      const drawer = page.getByRole('dialog', { name: 'Main menu' })
      await drawer.waitFor()
      await page.keyboard.press('Escape')
      await drawer.waitFor({ state: 'hidden' })
      await page.getByRole('button', { name: 'Menu' }).click()
      await drawer.getByRole('button', { name: 'Close menu' }).click()
      await drawer.waitFor({ state: 'hidden' })
      await page.getByRole('button', { name: 'Menu' }).click()
      await drawer.getByRole('link', { name: 'All products' }).click()
      await page.waitForURL(/\/c\/all/)
      await drawer.waitFor({ state: 'hidden' })
      // Arriving at a category from all products adds the all-products crumb.
      await page.locator('.chips').getByRole('link', { name: 'Clothing' }).click()
      await page.waitForURL(/\/c\/clothing~c-clothing/)
      await page
        .getByRole('navigation', { name: 'Breadcrumb' })
        .getByRole('link', { name: 'All products' })
        .waitFor()
      await context.close()
    })

    test('indexable pages carry canonical, hreflang, Open Graph and JSON-LD in their server HTML', async () => {
      const html = await (
        await fetch(`${shop.url}/p/x~p-cabin-suitcase?lang=de`, { redirect: 'follow' })
      ).text()
      assert.match(html, /<link rel="canonical" href="[^"]+\/p\/[^"]+~p-cabin-suitcase\?lang=de"/)
      assert.match(html, /hrefLang="en"/)
      assert.match(html, /property="og:title"/)
      assert.match(html, /"@type":"Product"/)
      assert.match(html, /"@type":"Offer","price":\d/)
      assert.match(html, /"@type":"BreadcrumbList"/)
      // A stale slug answers 301 to the canonical one (umlauts transliterated); error screens answer their status.
      const stale = await fetch(`${shop.url}/c/old-name~c-bags?lang=de`, { redirect: 'manual' })
      assert.equal(stale.status, 301)
      assert.match(stale.headers.get('location') ?? '', /\/c\/taschen-rucksaecke~c-bags\?lang=de$/)
      for (const [path, status, title] of [
        ['/errors/401', 401, 'Please sign in'],
        ['/errors/404', 404, 'Page not found'],
        ['/errors/500', 500, 'Something went wrong'],
        ['/no/such/page', 404, 'Page not found'],
      ] as const) {
        const response = await fetch(`${shop.url}${path}`)
        assert.equal(response.status, status, path)
        const html = await response.text()
        assert.ok(html.includes(title), `${path} shows ${title}`)
        // A server failure shows the id its log line carries (X-Request-Id), for the shopper to quote.
        const requestId = response.headers.get('x-request-id') ?? 'missing'
        assert.equal(html.includes(`<code>${requestId}</code>`), status >= 500, `${path} request id`)
      }
      // A product without images shows the placeholder.
      const salt = await (await fetch(`${shop.url}/p/x~p-sea-salt`)).text()
      assert.match(salt, /role="img" aria-label="No image available"/)
      // Fees of the item, 2 decimals: fixed "(+ $2.50)", per item with the "each" marker; spec labels from the schema.
      const watch = await (await fetch(`${shop.url}/p/x~p-classic-watch`, { redirect: 'follow' })).text()
      assert.match(watch, /Gift wrap(<!-- -->)? <span class="fees__amount">\(\+ \$2\.50\)<\/span>/)
      const torch = await (
        await fetch(`${shop.url}/p/x~p-led-torch`, { redirect: 'follow', headers: { cookie: 'language=de' } })
      ).text()
      assert.match(torch, /\(\+ \$0,50 je Stück\)/)
      const tee = await (
        await fetch(`${shop.url}/p/x~p-classic-tee`, {
          redirect: 'follow',
          headers: { cookie: 'language=de' },
        })
      ).text()
      assert.match(tee, /<dt>Gewicht<\/dt><dd>180 g\/m²<\/dd>/)
      const settings = await fetch(`${shop.url}/settings`, {
        method: 'POST',
        body: new URLSearchParams({ site: 'us', language: 'xx', redirectTo: '/' }),
        redirect: 'manual',
      })
      const cookies = settings.headers.getSetCookie()
      assert.ok(
        cookies.some((c) => /^language=en;.*Max-Age=100000/.test(c)),
        cookies.join(' | '),
      )
      assert.ok(cookies.some((c) => /^site=us;.*Max-Age=100000/.test(c)))
    })
  })
}

describe('store configuration failure', { skip: browserSkip }, () => {
  let shop: RunningShop
  before(async () => {
    // An empty shop (its starter site) whose every site is then switched off: the configuration cannot load.
    shop = await startShop('sqlite', { SEED_DEMO: 'false' })
    await withoutActiveSites(shop)
  })
  after(() => shop?.stop())

  test('without any site the page shows the store-configuration alert', async () => {
    const browser = await launchBrowser()
    const page = await browser.newPage()
    const response = await page.goto(`${shop.url}/`)
    assert.equal(response?.status(), 503)
    const alert = page.getByRole('alert')
    assert.equal(await alert.textContent(), 'Unable to load store configuration.  Please refresh!')
    await page.close()
  })
})
