import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { browserEngines, openPage, widthsOn } from './support/browser.ts'
import { type RunningShop, startShop } from './support/shop.ts'

/**
 * Search finds what a shopper means (a category name: "coffee" finds the products of "Coffee & Tea"), the live
 * dropdown shows each hit's categories and a "see all (n)" option, the result page shows the category page's
 * tiles (sale with the original struck through, out of stock, matched words marked) and refines to products in
 * stock, and a failing live search says so. Desktop and phone, English and German, on both engines.
 */
const texts = {
  en: {
    box: 'Search products',
    coffee: 'coffee',
    espresso: /House Espresso Beans/,
    category: 'Coffee & Tea',
    seeAll: /^See all results \((\d+)\)$/,
    tea: 'Organic Sencha Tea',
    outOfStock: 'Out of stock',
    inStockOnly: 'In stock only',
    apply: 'Apply',
    error: 'The search is not available right now. Please try again later.',
    pocket: 'pocket',
  },
  de: {
    box: 'Produkte suchen',
    coffee: 'kaffee',
    espresso: /Espressobohnen Hausmischung/,
    category: 'Kaffee & Tee',
    seeAll: /^Alle Ergebnisse anzeigen \((\d+)\)$/,
    tea: 'Bio-Sencha-Tee',
    outOfStock: 'Nicht vorrätig',
    inStockOnly: 'Nur vorrätige Artikel',
    apply: 'Anwenden',
    error: 'Die Suche ist gerade nicht verfügbar. Bitte versuchen Sie es später erneut.',
    pocket: 'brusttasche',
  },
}

for (const { engine, skip } of browserEngines) {
  describe(`search as a shopper means it on ${engine}`, { skip }, () => {
    let shop: RunningShop
    before(async () => {
      shop = await startShop(engine)
    })
    after(() => shop?.stop())

    for (const [viewportName, viewport] of widthsOn(engine, import.meta.filename)) {
      for (const language of ['en', 'de'] as const) {
        const t = texts[language]
        const open = async (path = '/') => {
          const opened = await openPage({ viewport })
          await opened.context.addCookies([{ name: 'language', value: language, url: shop.url }])
          await opened.page.goto(`${shop.url}${path}`)
          await opened.page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
          return opened
        }

        test(`${viewportName} ${language}: a category name finds its products; categories and "see all" in the dropdown`, async () => {
          const { context, page, errors } = await open()
          const box = page.getByRole('combobox', { name: t.box })
          await box.fill(t.coffee)
          const listbox = page.getByRole('listbox')
          const espresso = listbox.getByRole('option', { name: t.espresso })
          await espresso.waitFor()
          assert.ok((await espresso.textContent())?.includes(t.category), 'the hit names its category')
          const seeAll = listbox.getByRole('option', { name: t.seeAll })
          const n = Number(t.seeAll.exec((await seeAll.textContent()) ?? '')?.[1])
          assert.ok(n >= 3, `${n} results`)
          // The keyboard reaches "see all" (the last option) and opens the result page for the text typed.
          await box.press('ArrowUp')
          assert.equal(await seeAll.getAttribute('aria-selected'), 'true')
          assert.equal(await box.getAttribute('aria-activedescendant'), await seeAll.getAttribute('id'))
          await box.press('Enter')
          await page.waitForURL(new RegExp(`/search/${t.coffee}$`))
          // A client-side navigation: wait for the result page itself.
          const tiles = page.locator('.search-page__hits .tile')
          await tiles.first().waitFor()
          assert.equal(await tiles.count(), n)

          // The sold-out tea is marked as on the category page; "in stock only" leaves it out.
          const tea = tiles.filter({ hasText: t.tea })
          assert.equal(await tea.locator('.tile__stock').textContent(), t.outOfStock)
          await page.getByRole('checkbox', { name: t.inStockOnly }).check()
          await page.getByRole('button', { name: t.apply }).click()
          await page.waitForURL(/inStock=true/)
          await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
          await tiles.filter({ hasText: t.tea }).waitFor({ state: 'detached' })
          assert.equal(await tiles.count(), n - 1)
          assert.equal(await page.getByRole('checkbox', { name: t.inStockOnly }).isChecked(), true)
          assert.deepEqual(errors, [])
          await context.close()
        })

        test(`${viewportName} ${language}: result tiles are the category tiles, with the matched words marked`, async () => {
          const { context, page, errors } = await open(`/search/${t.pocket}`)
          const tile = page.locator('.search-page__hits .tile').first()
          // On sale: the effective price, and the original struck through.
          await tile.locator('s.price__original').waitFor()
          assert.ok((await tile.locator('.price__amount--sale').count()) > 0)
          assert.equal(
            (await tile.locator('.tile__name mark').first().textContent())?.toLowerCase(),
            t.pocket,
          )
          assert.deepEqual(errors, [])
          await context.close()
        })

        test(`${viewportName} ${language}: a failing live search says so instead of closing`, async () => {
          const { context, page } = await open()
          await page.route('**/api/search/products?**', (route) =>
            route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' }),
          )
          const box = page.getByRole('combobox', { name: t.box })
          await box.fill('shirt')
          const alert = page.locator('.search-box').getByRole('alert')
          await alert.waitFor()
          assert.equal(await alert.textContent(), t.error)
          assert.equal(await box.getAttribute('aria-expanded'), 'false', 'no listbox is offered')
          // A later answer clears the flag.
          await page.unroute('**/api/search/products?**')
          await box.fill('shirts')
          await page.getByRole('listbox').getByRole('option').first().waitFor()
          assert.equal(await alert.count(), 0)
          await context.close()
        })
      }
    }
  })
}
