import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { browserSkip, launchBrowser, viewports } from './support/browser.ts'
import { type RunningShop, startShop } from './support/shop.ts'

/** Live search box, result page, refine panel and load more, in English and German, desktop and phone. */
const engines = [
  { engine: 'sqlite' as const, skip: browserSkip },
  {
    engine: 'postgres' as const,
    skip: browserSkip || (process.env.TEST_DATABASE_URL ? false : 'TEST_DATABASE_URL is not set'),
  },
]

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
  },
}

for (const { engine, skip } of engines) {
  describe(`search journey on ${engine}`, { skip }, () => {
    let shop: RunningShop
    before(async () => {
      shop = await startShop(engine)
    })
    after(() => shop?.stop())

    for (const [viewportName, viewport] of Object.entries(viewports)) {
      for (const language of ['en', 'de'] as const) {
        const t = texts[language]
        test(`${viewportName} ${language}: live search, result page, refine, load more`, async () => {
          const browser = await launchBrowser()
          const context = await browser.newContext({ viewport })
          await context.addCookies([{ name: 'language', value: language, url: shop.url }])
          const page = await context.newPage()
          const errors: string[] = []
          page.on('pageerror', (error) => errors.push(error.message))

          await page.goto(shop.url)
          await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
          const box = page.getByRole('combobox', { name: t.box })
          assert.equal(await box.getAttribute('aria-expanded'), 'false')
          // A typo (en) and a German plural (de) both find the product; at most 5 live hits.
          await box.fill(t.typed)
          const listbox = page.getByRole('listbox')
          await listbox.getByRole('option', { name: t.expected }).first().waitFor()
          assert.equal(await box.getAttribute('aria-expanded'), 'true')
          assert.ok((await listbox.getByRole('option').count()) <= 5)
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
          assert.ok((await page.locator('.search-hit').count()) > 0)
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
          assert.equal(await page.locator('.search-hit').count(), 15)
          const more = page.getByRole('link', { name: t.more })
          if (await more.isVisible()) await more.click()
          await page.waitForFunction(() => document.querySelectorAll('.search-hit').length > 15)
          await page.waitForURL(/page=2/)

          // Zero results.
          await page.goto(`${shop.url}/search/qqqxxzz`)
          await page.getByRole('status').filter({ hasText: t.none }).waitFor()
          assert.deepEqual(errors, [])
          await context.close()
        })
      }
    }
  })
}
