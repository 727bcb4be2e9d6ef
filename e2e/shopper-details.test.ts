import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Browser } from 'playwright-core'
import { translator } from '../apps/web/app/i18n/all.ts'
import { formatMoney } from '../apps/web/app/lib/format.ts'
import { browserEngines, browserSkip, launchBrowser, widthsOn } from './support/browser.ts'
import { fillBilling } from './support/checkout.ts'
import { type RunningShop, startShop } from './support/shop.ts'
import { newContext, open } from './support/shopper.ts'
import { execSql } from './support/sql.ts'

/**
 * The shopper-details issue as a new shopper meets it, at desktop and phone size, in English and German, on
 * SQLite and PostgreSQL: the cart's shipping estimate and its toggle, choosing variants, sold-out and
 * unpriced products, and the product page's shipping-rates link. Texts come from the storefront's catalogues.
 */

const JAR = 'p-glass-jar' // 12.00 USD: below the free-shipping threshold, so Standard costs 5.99
const TEE = 'p-classic-tee' // colour × size; Black / M is sold out
const SOLD_OUT = 'p-tea-bowl' // a simple product with no stock
const UNPRICED = 'p-coin-purse' // its USD prices are removed below: not sold on the us site

const browser = (browserSkip ? undefined : await launchBrowser()) as Browser

for (const { engine, skip } of browserEngines) {
  describe(`shopper details on ${engine}`, { skip }, () => {
    let shop: RunningShop
    before(async () => {
      shop = await startShop(engine)
      await execSql(shop.databaseUrl, [
        `delete from prices where product_id = '${UNPRICED}' and currency = 'USD'`,
        `update cache_versions set version = version + 1 where scope = 'catalogue'`,
      ])
    })
    after(() => shop?.stop())

    for (const [viewportName, viewport] of widthsOn(engine, import.meta.filename)) {
      for (const language of ['en', 'de'] as const) {
        const label = `${viewportName} ${language}`
        const t = translator(language)
        const money = (amount: number) => formatMoney(amount, 'USD', language)

        test(`${label}: the cart says shipping is calculated at checkout, then estimates what the checkout charges`, async () => {
          const context = await newContext(browser, shop, viewport, language)
          const page = await open(context, shop, `/p/x~${JAR}`)
          await page.getByRole('button', { name: t('ADD_TO_CART') }).click()
          await page
            .getByRole('status')
            .filter({ hasText: t('PRODUCTS_ADDED_TO_CART') })
            .waitFor()
          await page.getByRole('dialog', { name: t('YOUR_CART') }).waitFor({ state: 'hidden', timeout: 6000 })
          await page.getByRole('button', { name: t('OPEN_CART', { count: 1 }) }).click()
          const panel = page.getByRole('dialog', { name: t('YOUR_CART') })
          const row = (name: string) =>
            panel.locator('.totals__row').filter({ has: page.getByText(name, { exact: true }) })

          // No country yet: no figure that the checkout would change, and the total says what it leaves out.
          const tax = 0.99 // the us site's 8.25 % of 12.00
          assert.equal(await row(t('SHIPPING')).locator('dd').textContent(), t('SHIPPING_AT_CHECKOUT'))
          assert.equal(await row(t('TOTAL_BEFORE_SHIPPING')).locator('dd').textContent(), money(12 + tax))

          // The estimate opens like a control (a button that says whether it is open), not a heading.
          const toggle = panel.getByRole('button', { name: t('ESTIMATE_TAX'), expanded: false })
          await toggle.click()
          await panel.getByRole('button', { name: t('ESTIMATE_TAX'), expanded: true }).waitFor()
          await panel.getByRole('combobox', { name: t('ESTIMATE_COUNTRY') }).selectOption('US')
          await panel.getByRole('textbox', { name: t('ESTIMATE_ZIP') }).fill('62701')
          await panel.getByRole('button', { name: t('ESTIMATE'), exact: true }).click()
          const standard = 'Standard (3–5 business days)'
          const shippingRow = row(t('SHIPPING_BY', { name: standard }))
          await shippingRow.waitFor()
          assert.equal(await shippingRow.locator('dd').textContent(), money(5.99))
          assert.equal(await row(t('TOTAL')).locator('dd').textContent(), money(12 + tax + 5.99))

          // The checkout preselects that method for that country: the same figure.
          await page.goto(`${shop.url}/checkout?guest=1`)
          await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
          if (viewportName === 'desktop') await fillBilling(page, true, t) // phones show shipping first
          const method = page.locator('#step2').getByLabel(t('SHIPPING_METHOD'))
          const chosen = await method.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text)
          assert.ok(chosen?.includes(standard) && chosen.includes(money(5.99)), `preselected: ${chosen}`)
          await context.close()
        })

        test(`${label}: options not all chosen show the range and no add button; sold out and unpriced say so`, async () => {
          const context = await newContext(browser, shop, viewport, language)
          const page = await open(context, shop, `/p/x~${TEE}`)
          const add = page.getByRole('button', { name: t('ADD_TO_CART') })
          const quantity = page.getByRole('textbox', { name: t('QUANTITY'), exact: true })
          const size = page.getByLabel(t('OPTION_SIZE'), { exact: true })
          const colour = page.getByLabel(t('OPTION_COLOUR'), { exact: true })
          await add.waitFor() // the default variant is chosen in full
          // One option key cleared: the range, the hint, and nothing to add.
          await size.selectOption('')
          await page.getByText(t('CHOOSE_OPTIONS_FIRST')).waitFor()
          await page.locator('.product__price .price--range').waitFor()
          assert.equal(await add.count(), 0, 'no add button while the choice is incomplete')
          assert.equal(await quantity.count(), 0)
          // Complete again: the variant's price and the add button.
          await size.selectOption('M')
          await add.waitFor()
          assert.equal(await page.locator('.product__price .price--range').count(), 0)
          // A sold-out variant: a clear statement in place of the quantity and the button.
          await colour.selectOption('Black')
          await page.getByText(t('OUT_OF_STOCK_NOTE')).waitFor()
          assert.equal(await add.count(), 0, 'no disabled add button for a sold-out variant')
          assert.equal(await quantity.count(), 0)

          // A simple product with no stock.
          await page.goto(`${shop.url}/p/x~${SOLD_OUT}`)
          await page.getByText(t('OUT_OF_STOCK_NOTE')).waitFor()
          assert.equal(await page.locator('.stock').textContent(), t('OUT_OF_STOCK'))
          assert.equal(await add.count(), 0)
          assert.equal(await quantity.count(), 0)

          // A product without a price in the site's currency: unavailable, and no "No price" with a button.
          await page.goto(`${shop.url}/p/x~${UNPRICED}`)
          await page.getByText(t('UNAVAILABLE_NOTE')).waitFor()
          assert.equal(await page.locator('.stock').textContent(), t('UNAVAILABLE'))
          assert.equal(await add.count(), 0)
          assert.equal(await page.getByText(t('NO_PRICE')).count(), 0)
          await context.close()
        })

        test(`${label}: the shipping-rates link is a full-size control in line with the buy area`, async () => {
          const context = await newContext(browser, shop, viewport, language)
          const page = await open(context, shop, `/p/x~${JAR}`)
          const link = page.getByRole('button', { name: t('SHIPPING_RATES') })
          const box = await link.boundingBox()
          const quantity = await page.getByRole('textbox', { name: t('QUANTITY'), exact: true }).boundingBox()
          assert.ok(box && quantity)
          assert.ok(box.height >= 44, `touch height: ${box.height}`)
          assert.ok(Math.abs(box.x - quantity.x) <= 1, `left edge ${box.x} in line with ${quantity.x}`)
          const size = await link.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize))
          assert.ok(size >= 16, `font size ${size}`)
          await link.click()
          await page.getByRole('dialog', { name: t('SHIPPING_RATES') }).waitFor()
          await context.close()
        })
      }
    }
  })
}
