import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { en } from '../apps/web/app/i18n/admin.ts'
import { browserEngines, openPage, widthsOn } from './support/browser.ts'
import { type RunningShop, startShop } from './support/shop.ts'
import { account, adminSignIn, generateTwoByTwo } from './support/staff.ts'

/**
 * Options, variants and the price/stock grid (issue "Back office, part 1"): the owner gives a product two options
 * of two values each, generates its four variants, sets a variant's stock and its USD and EUR prices in the grid
 * and saves; a shopper then picks that variant on the product page and sees its price.
 */
const labels = { email: en.EMAIL, password: en.PASSWORD, submit: en.SIGN_IN }

for (const { engine, skip } of browserEngines) {
  describe(`options, variants and the grid on ${engine}`, { skip }, () => {
    let shop: RunningShop
    before(async () => {
      shop = await startShop(engine)
    })
    after(() => shop?.stop())

    for (const [viewportName, viewport] of widthsOn(engine, import.meta.filename)) {
      test(`${viewportName}: 2 × 2 options → 4 variants; grid stock and prices; a shopper picks one`, async () => {
        const owner = await account(shop.url, shop.databaseUrl, 'owner')
        const sku = `TEE-${viewportName}-${Date.now().toString(36)}`.toUpperCase()
        const name = `Tee ${viewportName}`
        const created = await fetch(`${shop.url}/api/owner/products`, {
          method: 'POST',
          headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            sku,
            published: true,
            texts: [
              { language: 'en', name },
              { language: 'de', name },
            ],
            prices: [
              { currency: 'USD', effectiveMinor: 2500, originalMinor: 2500 },
              { currency: 'EUR', effectiveMinor: 2300, originalMinor: 2300 },
              { currency: 'CAD', effectiveMinor: 3300, originalMinor: 3300 },
            ],
          }),
        })
        assert.equal(created.status, 201, await created.clone().text())
        const id = ((await created.json()) as { id: string }).id

        const { page, errors } = await openPage({ viewport })
        await adminSignIn(page, shop.url, owner, labels)
        await page.getByRole('heading', { name: en.PRODUCTS, level: 1 }).waitFor()
        await page.goto(`${shop.url}/admin/products/${id}`)
        await generateTwoByTwo(page, name, {
          variantsLink: en.VARIANTS_LINK,
          generate: en.GENERATE_VARIANTS,
          saved: en.OPTIONS_SAVED,
        })
        assert.equal(await page.getByLabel('Code of Red/M').inputValue(), `${sku}-RED-M`)

        // A duplicate value is refused with the server's message, nothing changes.
        await page.getByLabel('Option 2: values, separated by commas').fill('S, M, s')
        await page.getByRole('button', { name: en.GENERATE_VARIANTS }).click()
        await page.getByRole('alert').filter({ hasText: 'Option 2 has the value s twice.' }).waitFor()

        // The grid: stock and USD/EUR prices of Red/M in one save.
        await page
          .getByRole('navigation', { name: en.ADMIN_NAV })
          .getByRole('link', { name: en.PRICES_AND_STOCK })
          .click()
        await page.getByRole('heading', { name: en.PRICES_AND_STOCK, level: 1 }).waitFor()
        await page.getByLabel(en.SEARCH_PRODUCTS).fill(sku)
        await page.getByRole('button', { name: en.SEARCH, exact: true }).click()
        await page.waitForURL(/[?&]q=/)
        const row = `${name} Red/M`
        await page.getByLabel(`Stock for ${row}`).waitFor()
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
        await page.getByLabel(`Stock for ${row}`).fill('5')
        await page.getByLabel(`Price USD for ${row}`, { exact: true }).fill('19.00')
        await page.getByLabel(`Price EUR for ${row}`, { exact: true }).fill('17,50')
        await page.getByLabel(`Stock for ${name} Blue/S`).fill('2')
        await page.getByRole('button', { name: en.SAVE_ALL }).click()
        await page.getByRole('status').filter({ hasText: 'Saved 2 rows.' }).waitFor()
        assert.equal(await page.getByLabel(`Stock for ${row}`).inputValue(), '5')
        assert.equal(await page.getByLabel(`Price USD for ${row}`, { exact: true }).inputValue(), '19.00')
        assert.equal(await page.getByLabel(`Price EUR for ${row}`, { exact: true }).inputValue(), '17.50')

        // The shopper picks Red / M and sees its price.
        const shopper = await openPage({ viewport })
        await shopper.page.goto(`${shop.url}/p/x~${id}`)
        await shopper.page.getByRole('heading', { name, level: 1 }).waitFor()
        await shopper.page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
        await shopper.page.getByLabel('Colour', { exact: true }).selectOption('Red')
        await shopper.page.getByLabel('Size', { exact: true }).selectOption('M')
        await shopper.page.waitForFunction(() =>
          /\$19\.00/.test(document.querySelector('main')?.textContent ?? ''),
        )
        const add = shopper.page.getByRole('button', { name: 'Add to cart' })
        assert.equal(await add.isEnabled(), true)
        assert.deepEqual([...errors, ...shopper.errors], [])
      })
    }
  })
}
