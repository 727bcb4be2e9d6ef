import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { photo } from '../apps/server/src/modules/media/media.testing.ts'
import { en } from '../apps/web/app/i18n/admin.ts'
import { browserEngines, openPage, viewports } from './support/browser.ts'
import { type RunningShop, startShop } from './support/shop.ts'
import { account, adminSignIn } from './support/staff.ts'

/**
 * The shop window editor at /admin/shop-window (docs/decisions/0055), at 390 px: the owner adds a slide, uploads
 * its large image through the field's own button, gives it a German image text, moves it up, is told about a bad link by name, saves, and a German shopper's home page
 * shows the slide in its place at once.
 */
const n = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k]))

for (const { engine, skip } of browserEngines) {
  describe(`shop window editor on ${engine}`, { skip }, () => {
    let shop: RunningShop
    before(async () => {
      shop = await startShop(engine)
    })
    after(() => shop?.stop())

    test('add a slide with a German text, move it up, save: the shopper’s home shows it', async () => {
      const owner = await account(shop.url, shop.databaseUrl, 'owner')
      const { page, errors } = await openPage({ viewport: viewports.phone })
      await adminSignIn(page, shop.url, owner, { email: en.EMAIL, password: en.PASSWORD, submit: en.SIGN_IN })
      await page.getByRole('heading', { name: en.PRODUCTS, level: 1 }).waitFor()
      await page
        .getByRole('navigation', { name: en.ADMIN_NAV })
        .getByRole('link', { name: en.SHOP_WINDOW })
        .click()
      await page.getByRole('heading', { name: en.SHOP_WINDOW, level: 1 }).waitFor()
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
      assert.equal(await page.getByLabel(en.FIELD_SITE).inputValue(), 'us')
      const slides = page.locator('.admin-slide')
      const before = await slides.count()
      assert.ok(before >= 2, 'the demo site has slides')

      await page.getByRole('button', { name: en.ADD_SLIDE }).click()
      const last = before + 1
      // The large image uploaded from the field's button: the field then holds the upload's address.
      const chooser = page.waitForEvent('filechooser')
      const largeLabel = n(en.FIELD_LARGE_IMAGE, { n: last })
      await page.getByRole('button', { name: n(en.UPLOAD_IMAGE_FOR, { field: largeLabel }) }).click()
      await (await chooser).setFiles({
        name: 'autumn.jpg',
        mimeType: 'image/jpeg',
        buffer: await photo(1600, 900),
      })
      const large = page.getByLabel(largeLabel, { exact: true })
      await page.waitForFunction(
        (input) => /^\/media\/u\/[a-f0-9]{32}\//.test((input as HTMLInputElement).value),
        await large.elementHandle(),
        { timeout: 60_000 },
      )
      const uploaded = await large.inputValue()
      await page
        .getByLabel(n(en.FIELD_SMALL_IMAGE, { n: last }), { exact: true })
        .fill('/media/slides/us-sound-small.webp')
      await page
        .getByLabel(n(en.FIELD_SLIDE_ALT, { n: last, language: en.LANGUAGE_de }))
        .fill('Herbstfreude im Laden')
      await page
        .getByLabel(n(en.FIELD_SLIDE_ALT, { n: last, language: en.LANGUAGE_en }))
        .fill('Autumn joy in store')
      const link = page.getByLabel(`${n(en.FIELD_SLIDE_LINK, { n: last })} (${en.OPTIONAL})`)
      await link.fill('javascript:alert(1)')
      // Moved up one place: it is now the last but one, and the keyboard focus stays on its button.
      await page.getByRole('button', { name: n(en.SLIDE_MOVE_UP, { n: last }) }).click()
      await page
        .getByRole('status')
        .filter({ hasText: n(en.SLIDE_MOVED, { n: last - 1 }) })
        .waitFor({ state: 'attached' })
      assert.equal(
        await page.evaluate(() => document.activeElement?.textContent),
        n(en.SLIDE_MOVE_UP, { n: last - 1 }),
      )

      // A bad link: refused by name, nothing lost.
      await page.getByRole('button', { name: en.SAVE }).click()
      await page.getByRole('alert').filter({ hasText: en.INVALID_FORM }).waitFor()
      const badLink = page.getByLabel(`${n(en.FIELD_SLIDE_LINK, { n: last - 1 })} (${en.OPTIONAL})`)
      assert.equal(await badLink.getAttribute('aria-invalid'), 'true')
      assert.match(
        await page
          .locator('.admin-slide')
          .nth(last - 2)
          .innerText(),
        new RegExp(en.ADDRESS_INVALID.slice(0, 20)),
      )
      assert.equal(
        await page.getByLabel(n(en.FIELD_SLIDE_ALT, { n: last - 1, language: en.LANGUAGE_de })).inputValue(),
        'Herbstfreude im Laden',
      )
      await badLink.fill('/c/all')
      await page.getByRole('button', { name: en.SAVE }).click()
      await page.getByRole('status').filter({ hasText: en.SAVED }).waitFor()
      assert.equal(await slides.count(), last)

      // A German shopper's home page: the new slide, in its place.
      const shopper = await openPage({ viewport: viewports.phone })
      await shopper.context.addCookies([
        { name: 'language', value: 'de', url: shop.url },
        { name: 'site', value: 'us', url: shop.url },
      ])
      await shopper.page.goto(`${shop.url}/`)
      assert.equal(new URL(shopper.page.url()).pathname, '/')
      const alts = await shopper.page
        .locator('.carousel__slide img')
        .evaluateAll((images) => images.map((i) => i.getAttribute('alt')))
      assert.equal(alts.length, last)
      assert.equal(alts[last - 2], 'Herbstfreude im Laden')
      const sources = await shopper.page
        .locator('.carousel__slide')
        .nth(last - 2)
        .evaluate((slide) => slide.innerHTML)
      assert.ok(sources.includes(uploaded), 'the uploaded image is the slide’s large image')
      const served = await fetch(new URL(uploaded, shop.url))
      assert.equal(served.status, 200)
      assert.match(served.headers.get('content-type') ?? '', /^image\//)
      assert.deepEqual([...errors, ...shopper.errors], [])
    })
  })
}
