import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { browserEngines, launchBrowser, openPage, viewports, widthsOn } from './support/browser.ts'
import { type RunningShop, startShop } from './support/shop.ts'
import { execSql } from './support/sql.ts'

/** Live search box, result page, refine panel and load more, in English and German, desktop and phone. */

const texts = {
  en: {
    box: 'Search products',
    typed: 'shurt',
    expected: /Oxford Shirt/,
    title: 'Results for “shir”',
    prefix: 'shir',
    broad: 'co',
    more: 'Load more results',
    category: 'Category',
    apply: 'Apply',
    none: /No products match/,
    priceMax: 'Price to (USD)',
    stale: 'oxford',
    fresh: 'tennis',
    freshHit: /Tennis/,
    error: 'The search is not available right now. Please try again later.',
  },
  de: {
    box: 'Produkte suchen',
    typed: 'Hemden',
    expected: /Oxford-Hemd/,
    title: 'Ergebnisse für „shir“',
    prefix: 'shir',
    broad: 'ge',
    more: 'Weitere Ergebnisse laden',
    category: 'Kategorie',
    apply: 'Anwenden',
    none: /Keine Produkte/,
    priceMax: 'Preis bis (USD)',
    stale: 'oxford',
    fresh: 'tennis',
    freshHit: /Tennis/,
    error: 'Die Suche ist gerade nicht verfügbar. Bitte versuchen Sie es später erneut.',
  },
}

for (const { engine, skip } of browserEngines) {
  describe(`search journey on ${engine}`, { skip }, () => {
    let shop: RunningShop
    before(async () => {
      shop = await startShop(engine)
    })
    after(() => shop?.stop())

    for (const [viewportName, viewport] of widthsOn(engine, import.meta.filename)) {
      for (const language of ['en', 'de'] as const) {
        const t = texts[language]
        test(`${viewportName} ${language}: live search, result page, refine, load more`, async () => {
          const { context, page, errors } = await openPage({ viewport })
          await context.addCookies([{ name: 'language', value: language, url: shop.url }])

          await page.goto(shop.url)
          await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
          const box = page.getByRole('combobox', { name: t.box })
          assert.equal(await box.getAttribute('aria-expanded'), 'false')
          // A typo (en) and a German plural (de) both find the product; at most 5 live hits.
          await box.fill(t.typed)
          const listbox = page.getByRole('listbox')
          await listbox.getByRole('option', { name: t.expected }).first().waitFor()
          assert.equal(await box.getAttribute('aria-expanded'), 'true')
          assert.ok((await listbox.locator('[role="option"][data-hit]').count()) <= 5)
          await box.press('ArrowDown')
          const active = await box.getAttribute('aria-activedescendant')
          assert.ok(active, 'arrow down activates an option')
          assert.equal(await page.locator(`[id="${active}"]`).getAttribute('aria-selected'), 'true')
          await box.press('Escape')
          assert.equal(await box.getAttribute('aria-expanded'), 'false')
          // Emptying the box shows nothing.
          await box.fill('')
          await page.waitForTimeout(400)
          assert.equal(await box.getAttribute('aria-expanded'), 'false')

          // Enter without an active option opens the result page.
          await box.fill(t.prefix)
          await listbox.getByRole('option').first().waitFor()
          await box.press('Enter')
          await page.waitForURL(/\/search\/shir$/)
          await page.getByRole('heading', { level: 1, name: t.title }).waitFor()
          assert.ok((await page.locator('.search-page__hits .tile').count()) > 0)
          assert.match(
            (await page.locator('link[rel="canonical"]').getAttribute('href')) ?? '',
            /\/search\/shir/,
          )

          // Refine by category.
          const select = page.getByLabel(t.category)
          const options = await select.locator('option').allTextContents()
          const clothing = options.find((o) => /T-Shirts/i.test(o)) ?? options[1] ?? ''
          await select.selectOption({ label: clothing })
          await page.getByRole('button', { name: t.apply }).click()
          await page.waitForURL(/category=/)
          await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })

          // A broad query has more than one page; loading more keeps ?page=2.
          await page.goto(`${shop.url}/search/${t.broad}`)
          await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
          assert.equal(await page.locator('.search-page__hits .tile').count(), 15)
          // Scrolling to the end loads the next page (the observer); the link is the no-JS fallback and is
          // replaced while the next page loads, so a click on it could wait for a detached element.
          await page.getByRole('link', { name: t.more }).scrollIntoViewIfNeeded()
          await page.waitForFunction(() => document.querySelectorAll('.search-page__hits .tile').length > 15)
          await page.waitForURL(/page=2/)
          // The page in the query string: a reload shows both pages again.
          await page.reload()
          await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
          assert.equal(await page.locator('.search-page__hits .tile').count(), 30, 'reload keeps ?page=2')

          // Refine by price: every hit at most 20 in the site currency.
          await page.getByLabel(t.priceMax).fill('20')
          await page.getByRole('button', { name: t.apply }).click()
          await page.waitForURL(/priceMax=20/)
          await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
          // The refined results start again at page 1: wait until the 30 tiles of the two pages before are gone.
          await page.waitForFunction(() => document.querySelectorAll('.search-page__hits .tile').length <= 15)
          // The tile's price: its (first) effective amount, a sale's struck original left aside.
          const prices = await page
            .locator('.tile')
            .evaluateAll((tiles) =>
              tiles.map((tile) => tile.querySelector('.price__amount')?.textContent ?? ''),
            )
          assert.ok(prices.length > 0, 'some products cost at most 20')
          for (const price of prices) {
            const amount = Number(price.replace(/[^\d,.]/g, '').replace(',', '.'))
            assert.ok(amount <= 20, `${price} is within the price refinement`)
          }

          // Zero results.
          await page.goto(`${shop.url}/search/qqqxxzz`)
          await page.getByRole('status').filter({ hasText: t.none }).waitFor()
          assert.deepEqual(errors, [])
          await context.close()
        })

        test(`${viewportName} ${language}: a live answer for text that has changed meanwhile is ignored`, async () => {
          const browser = await launchBrowser()
          const context = await browser.newContext({ viewport })
          await context.addCookies([{ name: 'language', value: language, url: shop.url }])
          const page = await context.newPage()
          // The answer for the first text is held back until the second text's answer has been shown.
          let releaseStale = () => {}
          const staleHeld = new Promise<void>((resolve) => {
            releaseStale = resolve
          })
          let staleAnswered = false
          await page.route('**/api/search/products?**', async (route) => {
            if (new URL(route.request().url()).searchParams.get('q') !== t.stale) return route.continue()
            await staleHeld
            await route.continue()
            staleAnswered = true
          })
          await page.goto(shop.url)
          await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
          const box = page.getByRole('combobox', { name: t.box })
          const staleRequest = page.waitForRequest((r) => r.url().includes(`q=${t.stale}`))
          await box.fill(t.stale)
          await staleRequest
          await box.fill(t.fresh)
          const listbox = page.getByRole('listbox')
          await listbox.getByRole('option', { name: t.freshHit }).first().waitFor()
          const staleResponse = page.waitForResponse((r) => r.url().includes(`q=${t.stale}`))
          releaseStale()
          await staleResponse
          await page.waitForTimeout(300) // time for the page to (wrongly) apply the late answer
          assert.ok(staleAnswered, 'the stale answer arrived')
          assert.equal(await listbox.getByRole('option', { name: /Oxford/ }).count(), 0)
          await listbox.getByRole('option', { name: t.freshHit }).first().waitFor()
          await context.close()
        })
      }
    }

    // Last in this suite: it breaks the search index (renamed away, then back) to see the error state.
    test('the result page shows the error state when the search fails, desktop and phone, en and de', async () => {
      const table = 'search_postings'
      await execSql(shop.databaseUrl, [`alter table ${table} rename to ${table}_away`])
      try {
        const browser = await launchBrowser()
        for (const viewport of Object.values(viewports)) {
          for (const language of ['en', 'de'] as const) {
            const context = await browser.newContext({ viewport })
            await context.addCookies([{ name: 'language', value: language, url: shop.url }])
            const page = await context.newPage()
            const response = await page.goto(`${shop.url}/search/shirt`)
            assert.equal(response?.status(), 200)
            assert.equal(await page.getByRole('alert').textContent(), texts[language].error)
            assert.equal(await page.locator('.search-page__hits .tile').count(), 0)
            await context.close()
          }
        }
      } finally {
        await execSql(shop.databaseUrl, [`alter table ${table}_away rename to ${table}`])
      }
      const healed = await fetch(`${shop.url}/api/search/products?q=shirt`)
      assert.equal(healed.status, 200)
    })
  })
}
