import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { productInput } from '../apps/server/src/modules/backoffice/backoffice.testing.ts'
import { photo } from '../apps/server/src/modules/media/media.testing.ts'
import { en } from '../apps/web/app/i18n/admin.ts'
import { browserEngines, openPage, viewports } from './support/browser.ts'
import { type RunningShop, startShop } from './support/shop.ts'
import { account, adminSignIn } from './support/staff.ts'

/**
 * Images in the back office (docs/decisions/0048-admin-images.md): two photos uploaded through the product page's
 * file picker with their progress shown, reordered and given an alt text; the shopper's product page then
 * shows the first of them in every width (srcset, AVIF and WebP), loaded.
 */
const labels = { email: en.EMAIL, password: en.PASSWORD, submit: en.SIGN_IN }

for (const { engine, skip } of browserEngines) {
  describe(`back-office images on ${engine}`, { skip }, () => {
    let shop: RunningShop
    before(async () => {
      shop = await startShop(engine)
    })
    after(() => shop?.stop())

    test('upload two images with progress, reorder, alt text; the product page shows them with srcset', async () => {
      const staff = await account(shop.url, shop.databaseUrl, 'catalogue')
      const created = await fetch(`${shop.url}/api/owner/products`, {
        method: 'POST',
        headers: { authorization: `Bearer ${staff.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(productInput({ sku: `IMG-${Date.now().toString(36)}`.toUpperCase() })),
      })
      assert.equal(created.status, 201, await created.clone().text())
      const id = ((await created.json()) as { id: string }).id

      const { page, errors } = await openPage({ viewport: viewports.desktop })
      await adminSignIn(page, shop.url, staff, labels)
      await page.getByRole('heading', { name: en.PRODUCTS, level: 1 }).waitFor()
      await page.goto(`${shop.url}/admin/products/${encodeURIComponent(id)}`)
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
      await page.getByRole('heading', { name: en.IMAGES, level: 2 }).waitFor()
      await page.getByText(en.NO_IMAGES).waitFor()

      const chooser = page.waitForEvent('filechooser')
      await page.getByRole('button', { name: en.CHOOSE_IMAGES }).click()
      await (await chooser).setFiles([
        { name: 'landscape.jpg', mimeType: 'image/jpeg', buffer: await photo(2400, 1600) },
        { name: 'square.png', mimeType: 'image/png', buffer: await photo(900, 900, 'png') },
      ])
      // Each file has its progress bar while it is sent and processed.
      const bars = page.getByRole('progressbar')
      await bars.first().waitFor()
      assert.ok(Number(await bars.first().getAttribute('value')) >= 0)
      await page.getByRole('img', { name: en.IMAGE_N.replace('{n}', '2') }).waitFor({ timeout: 60_000 })
      await bars.first().waitFor({ state: 'detached', timeout: 60_000 })
      await page.getByRole('status').filter({ hasText: 'uploaded' }).waitFor()

      // The second one first (the two were sent at once: either may have come back first), with an alt text.
      const image = (n: number) => page.getByRole('img', { name: en.IMAGE_N.replace('{n}', String(n)) })
      const idOf = async (n: number) =>
        /\/media\/u\/([a-f0-9]{32})\//.exec((await image(n).getAttribute('src')) ?? '')?.[1]
      const second = await idOf(2)
      assert.ok(second)
      await page.getByRole('button', { name: en.IMAGE_MOVE_UP.replace('{n}', '2') }).click()
      await page.getByRole('status').filter({ hasText: en.IMAGES_SAVED }).waitFor()
      assert.equal(await idOf(1), second)
      await page.getByLabel('Alt text (English)').first().fill('A square of blue noise')
      // Listen before the click: the answer may come back before a listener set up after it.
      const saved = page.waitForResponse((res) => res.request().method() === 'PUT' && res.status() === 200)
      await page.getByRole('button', { name: en.SAVE_IMAGE_TEXTS }).click()
      await saved
      assert.deepEqual(errors, [])

      const shopper = await openPage({ viewport: viewports.desktop })
      await shopper.page.goto(`${shop.url}/p/x~${encodeURIComponent(id)}`)
      const main = shopper.page.locator('.gallery > .product-image img')
      await main.waitFor()
      assert.equal(await main.getAttribute('alt'), 'A square of blue noise')
      const srcset = (await main.getAttribute('srcset')) ?? ''
      assert.match(
        srcset,
        new RegExp(
          `^/media/u/${second}/320\\.webp 320w, /media/u/${second}/640\\.webp 640w, .* (900|1920)w$`,
        ),
      )
      const avif = await shopper.page
        .locator('.gallery > .product-image picture source[type="image/avif"]')
        .getAttribute('srcset')
      assert.match(avif ?? '', new RegExp(`/media/u/${second}/(900|1920)\\.avif (900|1920)w$`))
      await shopper.page.waitForFunction(
        () =>
          ((document.querySelector('.gallery > .product-image img') as HTMLImageElement | null)
            ?.naturalWidth ?? 0) > 0,
      )
      const loaded = await main.evaluate((img: HTMLImageElement) => img.currentSrc)
      assert.match(loaded, /\/media\/u\/[a-f0-9]{32}\/\d+\.avif$/, 'Chromium takes the AVIF')
      assert.equal(await shopper.page.getByRole('group').getByRole('button').count(), 2)
      assert.deepEqual(shopper.errors, [])
    })
  })
}
