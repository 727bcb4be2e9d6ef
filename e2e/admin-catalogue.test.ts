import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { de, en } from '../apps/web/app/i18n/admin.ts'
import { browserEngines, openPage, widthsOn } from './support/browser.ts'
import { type RunningShop, startShop } from './support/shop.ts'
import { account, adminSignIn } from './support/staff.ts'

/**
 * The back office's first journey (issue "Back office, part 1"): an owner creates and publishes a product at
 * /admin and the shop shows it at once; a price change shows at once; shoppers are refused; the catalogue staff
 * edit products but nothing else.
 */
const labels = (t: typeof en) => ({ email: t.EMAIL, password: t.PASSWORD, submit: t.SIGN_IN })
const headers = { 'site-code': 'us', 'accept-language': 'en', currency: 'USD' }

for (const { engine, skip } of browserEngines) {
  for (const [viewportName, viewport] of widthsOn(engine, import.meta.filename)) {
    describe(`back office on ${engine}, ${viewportName}`, { skip }, () => {
      let shop: RunningShop
      before(async () => {
        shop = await startShop(engine)
      })
      after(() => shop?.stop())
      const sku = `WALNUT-${viewportName}-${Date.now().toString(36)}`.toUpperCase()

      test('the owner creates a product; the shop shows it at once; a new price shows at once', async () => {
        const owner = await account(shop.url, shop.databaseUrl, 'owner')
        const { page, errors } = await openPage({ viewport })
        await adminSignIn(page, shop.url, owner, labels(en))
        await page.getByRole('heading', { name: en.PRODUCTS, level: 1 }).waitFor()
        await page
          .getByRole('navigation', { name: en.ADMIN_NAV })
          .getByRole('link', { name: en.NEW_PRODUCT })
          .click()
        await page.getByRole('heading', { name: en.NEW_PRODUCT, level: 1 }).waitFor()
        await page.getByLabel(en.FIELD_SKU, { exact: true }).fill(sku)
        await page.getByLabel('Name (English)').fill(`Walnut tray ${viewportName}`)
        await page.getByLabel('Name (German)').fill(`Nussbaumtablett ${viewportName}`)
        await page.getByLabel('Description (English) (optional)').fill('Oiled walnut, 40 cm.')
        await page.getByLabel('Price in USD', { exact: true }).fill('45.00')
        await page.getByLabel('Price in EUR', { exact: true }).fill('42,00')
        await page.getByLabel(en.FIELD_STOCK, { exact: true }).fill('12')
        await page.getByLabel(en.FIELD_PUBLISHED).check()
        await page.getByRole('button', { name: en.SAVE }).click()
        await page.getByRole('status').filter({ hasText: en.SAVED }).waitFor()
        const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '')
        assert.ok(id)

        // The product page, the all-products list and live search show it on their very next read.
        const product = await openPage({ viewport })
        await product.page.goto(`${shop.url}/p/x~${id}`)
        await product.page.getByRole('heading', { name: `Walnut tray ${viewportName}`, level: 1 }).waitFor()
        assert.match(await product.page.locator('main').innerText(), /\$45\.00/)
        const list = (await (
          await fetch(
            `${shop.url}/api/catalogue/products?pageSize=5&sort=metadata.createdAt:desc&q=published:true`,
            {
              headers,
            },
          )
        ).json()) as Array<{ id: string }>
        assert.ok(
          list.some((p) => p.id === id),
          'the newest product heads the all-products list',
        )
        await product.page.goto(`${shop.url}/search/${encodeURIComponent(`walnut tray ${viewportName}`)}`)
        await product.page
          .getByRole('link', { name: new RegExp(`Walnut tray ${viewportName}`) })
          .first()
          .waitFor()

        // A new price: the shop shows it at once.
        await page.getByLabel('Price in USD', { exact: true }).fill('39.50')
        // The notice of the first save is on screen: wait for this save's answer, then for the notice again.
        const posted = page.waitForResponse((r) => r.request().method() === 'POST')
        await page.getByRole('button', { name: en.SAVE }).click()
        await posted
        await page.getByRole('status').filter({ hasText: en.SAVED }).waitFor()
        assert.equal(await page.getByLabel('Price in USD', { exact: true }).inputValue(), '39.50')
        await product.page.goto(`${shop.url}/p/x~${id}`)
        await product.page.getByRole('heading', { name: `Walnut tray ${viewportName}`, level: 1 }).waitFor()
        assert.match(await product.page.locator('main').innerText(), /\$39\.50/)
        assert.deepEqual([...errors, ...product.errors], [])
      })

      test('a shopper is refused: 403 on the owner API, a clear refusal at /admin', async () => {
        const shopper = await account(shop.url, shop.databaseUrl, 'customer')
        const api = await fetch(`${shop.url}/api/owner/products`, {
          headers: { authorization: `Bearer ${shopper.token}` },
        })
        assert.equal(api.status, 403)
        const { page } = await openPage({ viewport })
        await adminSignIn(page, shop.url, shopper, labels(en))
        await page.getByRole('alert').filter({ hasText: en.NOT_STAFF }).waitFor()
        await page.goto(`${shop.url}/admin`)
        assert.match(new URL(page.url()).pathname, /^\/admin\/sign-in$/)
      })

      test('the catalogue staff edit a product (in German) but get 403 on the mail queue', async () => {
        const staff = await account(shop.url, shop.databaseUrl, 'catalogue')
        const mail = await fetch(`${shop.url}/api/owner/mail`, {
          headers: { authorization: `Bearer ${staff.token}` },
        })
        assert.equal(mail.status, 403)
        const { page, context, errors } = await openPage({ viewport })
        await context.addCookies([{ name: 'language', value: 'de', url: shop.url }])
        await adminSignIn(page, shop.url, staff, labels(de))
        await page.getByRole('heading', { name: de.PRODUCTS, level: 1 }).waitFor()
        await page.getByLabel(de.SEARCH_PRODUCTS).fill('classic')
        await page.getByRole('button', { name: de.SEARCH, exact: true }).click()
        // The searched list, not the one before it: its address carries the text.
        await page.waitForURL(/[?&]q=classic/)
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
        await page.getByRole('row').nth(1).getByRole('link').first().click()
        await page.getByRole('heading', { level: 1, name: /^Bearbeiten/ }).waitFor()
        const stock = page.getByLabel(de.FIELD_STOCK, { exact: true })
        const before = Number(await stock.inputValue())
        await stock.fill(String(before + 5))
        await page.getByRole('button', { name: de.SAVE }).click()
        await page.getByRole('status').filter({ hasText: de.SAVED }).waitFor()
        assert.equal(await page.getByLabel(de.FIELD_STOCK, { exact: true }).inputValue(), String(before + 5))
        assert.deepEqual(errors, [])
      })
    })
  }
}
