import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Page } from 'playwright-core'
import { photo } from '../apps/server/src/modules/media/media.testing.ts'
import { en } from '../apps/web/app/i18n/admin.ts'
import { browserEngines, openPage, widthsOn } from './support/browser.ts'
import { orderIdFromUrl, placeOrder, toReview } from './support/checkout.ts'
import { type RunningShop, startShop } from './support/shop.ts'
import { account, adminSignIn, generateTwoByTwo, TWO_BY_TWO } from './support/staff.ts'

/**
 * The back office's first half as its issue judges it, in one chain: the owner signs in, creates a product in
 * the form (names in English and German, USD and EUR prices, published), puts it in a category, uploads two
 * images, gives it two options of two values each and generates its four variants, and sets their stock and
 * prices in the grid; a shopper in another browser finds it in its category, in live search and in the
 * sitemap, picks a variant and buys it; the owner then changes that variant's price and the shopper's cart
 * shows the new price on its next calculation. Both engines, desktop and 390 px. (The CSV part of the chain,
 * 1,000 products previewed, imported and searched, is e2e/admin-import.test.ts.)
 */
const labels = { email: en.EMAIL, password: en.PASSWORD, submit: en.SIGN_IN }
const CATEGORY = { id: 'c-tshirts', path: '/c/t-shirts~c-tshirts' }

for (const { engine, skip } of browserEngines) {
  describe(`the owner's product, bought by a shopper, on ${engine}`, { skip }, () => {
    let shop: RunningShop
    before(async () => {
      shop = await startShop(engine)
    })
    after(() => shop?.stop())

    for (const [viewportName, viewport] of widthsOn(engine, import.meta.filename)) {
      test(`${viewportName}: create, categorise, images, 4 variants, grid → found, bought, repriced in the cart`, async () => {
        const phone = viewportName === 'phone'
        const tag = `${viewportName}${Date.now().toString(36)}`.toUpperCase()
        const sku = `OWL-${tag}`
        const name = `Owlwing Tee ${tag}`
        const owner = await account(shop.url, shop.databaseUrl, 'owner')
        const { page, errors } = await openPage({ viewport })
        await adminSignIn(page, shop.url, owner, labels)
        await page.getByRole('heading', { name: en.PRODUCTS, level: 1 }).waitFor()

        // The product form.
        await page
          .getByRole('navigation', { name: en.ADMIN_NAV })
          .getByRole('link', { name: en.NEW_PRODUCT })
          .click()
        await page.getByRole('heading', { name: en.NEW_PRODUCT, level: 1 }).waitFor()
        await page.getByLabel(en.FIELD_SKU, { exact: true }).fill(sku)
        await page.getByLabel('Name (English)').fill(name)
        await page.getByLabel('Name (German)').fill(`Eulenflügel-Shirt ${tag}`)
        await page
          .getByLabel('Description (English) (optional)')
          .fill('Soft organic cotton, printed owl wing.')
        await page.getByLabel('Price in USD', { exact: true }).fill('30.00')
        await page.getByLabel('Price in EUR', { exact: true }).fill('28,00')
        await page.getByLabel(en.FIELD_PUBLISHED).check()
        await page.getByRole('button', { name: en.SAVE }).click()
        await page.getByRole('status').filter({ hasText: en.SAVED }).waitFor()
        const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '')
        assert.ok(id)

        // Its category, from the product page.
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
        const category = page.getByLabel(en.FIELD_CATEGORY)
        await category.selectOption(CATEGORY.id)
        await page.getByRole('button', { name: en.ADD_TO_CATEGORY }).click()
        await page.waitForURL(new RegExp(`/admin/products/${encodeURIComponent(id)}$`))
        await page
          .getByRole('region', { name: en.PRODUCT_CATEGORIES })
          .getByRole('link', { name: /T-shirts/ })
          .waitFor()

        // Two images, through the file picker.
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
        const chooser = page.waitForEvent('filechooser')
        await page.getByRole('button', { name: en.CHOOSE_IMAGES }).click()
        await (await chooser).setFiles([
          { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await photo(1600, 1600) },
          { name: 'back.png', mimeType: 'image/png', buffer: await photo(800, 800, 'png') },
        ])
        await page.getByRole('img', { name: en.IMAGE_N.replace('{n}', '2') }).waitFor({ timeout: 60_000 })
        await page.getByRole('progressbar').first().waitFor({ state: 'detached', timeout: 60_000 })

        // Two options of two values: four variants.
        await generateTwoByTwo(page, name, {
          variantsLink: en.VARIANTS_LINK,
          generate: en.GENERATE_VARIANTS,
          saved: en.OPTIONS_SAVED,
        })

        // The grid: stock of all four, USD and EUR prices of Red/M.
        const grid = await openGrid(page, shop, sku)
        for (const v of TWO_BY_TWO) await grid.getByLabel(`Stock for ${name} ${v}`).fill('6')
        await grid.getByLabel(`Price USD for ${name} Red/M`, { exact: true }).fill('32.00')
        await grid.getByLabel(`Price EUR for ${name} Red/M`, { exact: true }).fill('29,50')
        await grid.getByRole('button', { name: en.SAVE_ALL }).click()
        await grid.getByRole('status').filter({ hasText: 'Saved 4 rows.' }).waitFor()

        // The product form now leaves the stock to the variants (a link to them) and still saves.
        await page.goto(`${shop.url}/admin/products/${encodeURIComponent(id)}`)
        await page.getByText(en.STOCK_PER_VARIANT).waitFor()
        assert.equal(await page.getByLabel(en.FIELD_STOCK, { exact: true }).count(), 0)
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
        await page.getByLabel('Description (English) (optional)').fill('Organic cotton, printed owl wing.')
        await page.getByRole('button', { name: en.SAVE }).click()
        await page.getByRole('status').filter({ hasText: en.SAVED }).waitFor()

        // A shopper in another browser: the category, live search, the sitemap.
        const shopper = await openPage({ viewport })
        await shopper.page.goto(`${shop.url}${CATEGORY.path}`)
        await shopper.page
          .getByRole('link', { name: new RegExp(name) })
          .first()
          .waitFor()
        await shopper.page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
        await shopper.page.getByRole('combobox', { name: 'Search products' }).fill(`owlwing ${tag}`)
        await shopper.page
          .getByRole('listbox')
          .getByRole('option', { name: new RegExp(name, 'i') })
          .waitFor()
        assert.ok(await sitemapHas(shop, id), 'the sitemap lists the product')

        // Picks Red / M and buys it as a guest.
        await shopper.page.goto(`${shop.url}/p/x~${encodeURIComponent(id)}`)
        await shopper.page.getByRole('heading', { name, level: 1 }).waitFor()
        await shopper.page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
        const pick = async () => {
          await shopper.page.getByLabel('Colour', { exact: true }).selectOption('Red')
          await shopper.page.getByLabel('Size', { exact: true }).selectOption('M')
          await shopper.page.waitForFunction(() =>
            /\$32\.00/.test(document.querySelector('main')?.textContent ?? ''),
          )
          await shopper.page.getByRole('button', { name: 'Add to cart' }).click()
          await shopper.page
            .getByRole('status')
            .filter({ hasText: /1 added/i })
            .waitFor()
        }
        await pick()
        await shopper.page.goto(`${shop.url}/checkout?guest=1`)
        await shopper.page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
        await toReview(shopper.page, phone)
        await placeOrder(shopper.page).click()
        const orderId = await orderIdFromUrl(shopper.page)
        const order = await staffOrder(shop, owner.token, orderId)
        assert.deepEqual(
          order.entries.map((e) => [e.productId, e.variantId !== null, e.amount]),
          [[id, true, 1]],
        )
        assert.equal(await variantStock(shop, owner.token, id, 'Red/M'), 5)

        // The same variant in a new cart; the owner lowers its price; the cart's next calculation shows it.
        await shopper.page.goto(`${shop.url}/p/x~${encodeURIComponent(id)}`)
        await shopper.page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
        await pick()
        const repriced = await openGrid(page, shop, sku)
        await repriced.getByLabel(`Price USD for ${name} Red/M`, { exact: true }).fill('24.00')
        await repriced.getByRole('button', { name: en.SAVE_ALL }).click()
        await repriced.getByRole('status').filter({ hasText: 'Saved 1 row' }).waitFor()
        await shopper.page.reload()
        await shopper.page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
        await shopper.page.getByRole('button', { name: 'Open cart, 1 item' }).click()
        const cart = shopper.page.getByRole('dialog', { name: 'Your cart' })
        await cart.waitFor()
        await cart.getByText('$24.00').first().waitFor()
        assert.doesNotMatch(await cart.innerText(), /\$32\.00/)
        assert.deepEqual([...errors, ...shopper.errors], [])
      })
    }
  })
}

async function openGrid(page: Page, shop: RunningShop, sku: string): Promise<Page> {
  await page.goto(`${shop.url}/admin/prices?q=${encodeURIComponent(sku)}`)
  await page.getByRole('heading', { name: en.PRICES_AND_STOCK, level: 1 }).waitFor()
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  return page
}

async function sitemapHas(shop: RunningShop, id: string): Promise<boolean> {
  const index = await (await fetch(`${shop.url}/sitemap.xml`)).text()
  const parts = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string)
  const sitemaps = parts.some((p) => p.includes('/sitemap'))
    ? await Promise.all(parts.map(async (p) => (await fetch(`${shop.url}${new URL(p).pathname}`)).text()))
    : [index]
  return sitemaps.some((xml) => xml.includes(`~${id}<`) || xml.includes(`~${encodeURIComponent(id)}<`))
}

async function staffOrder(shop: RunningShop, token: string, id: string) {
  const res = await fetch(`${shop.url}/api/owner/orders/${encodeURIComponent(id)}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  assert.equal(res.status, 200, await res.clone().text())
  return (await res.json()) as {
    entries: Array<{ productId: string; variantId: string | null; amount: number }>
  }
}

async function variantStock(shop: RunningShop, token: string, productId: string, combination: string) {
  const res = await fetch(`${shop.url}/api/owner/products/${encodeURIComponent(productId)}/variants`, {
    headers: { authorization: `Bearer ${token}` },
  })
  assert.equal(res.status, 200, await res.clone().text())
  const body = (await res.json()) as { variants: Array<{ options: Record<string, string>; stock: number }> }
  const [colour, size] = combination.split('/')
  return body.variants.find((v) => v.options.Colour === colour && v.options.Size === size)?.stock
}
