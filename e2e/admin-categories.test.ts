import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { en } from '../apps/web/app/i18n/admin.ts'
import { browserEngines, openPage, widthsOn } from './support/browser.ts'
import { type RunningShop, startShop } from './support/shop.ts'
import { account, adminSignIn } from './support/staff.ts'

/**
 * The back office's categories (issue "Back office, part 1"): a staff member creates a subcategory, renames it in
 * German and puts a product in it at /admin/categories, by keyboard where a shopper's menu shows it at once; the
 * old address of a renamed category or product answers 301 to the new one.
 */
const labels = (t: typeof en) => ({ email: t.EMAIL, password: t.PASSWORD, submit: t.SIGN_IN })

for (const { engine, skip } of browserEngines) {
  for (const [viewportName, viewport] of widthsOn(engine, import.meta.filename)) {
    describe(`back-office categories on ${engine}, ${viewportName}`, { skip }, () => {
      let shop: RunningShop
      before(async () => {
        shop = await startShop(engine)
      })
      after(() => shop?.stop())
      const tag = `${viewportName}${Date.now().toString(36)}`

      test('create a child category, rename it in de, assign a product: the shopper menu shows it', async () => {
        const staff = await account(shop.url, shop.databaseUrl, 'catalogue')
        const { page, errors } = await openPage({ viewport })
        await adminSignIn(page, shop.url, staff, labels(en))
        await page.getByRole('heading', { name: en.PRODUCTS, level: 1 }).waitFor()
        await page
          .getByRole('navigation', { name: en.ADMIN_NAV })
          .getByRole('link', { name: en.CATEGORIES })
          .click()
        await page.getByRole('heading', { name: en.CATEGORIES, level: 1 }).waitFor()

        // A top-level category, by keyboard: type the names, Enter on the button.
        const create = page.getByRole('region', { name: en.NEW_CATEGORY })
        await create.getByLabel('Name (English)').fill(`Garden ${tag}`)
        await create.getByLabel('Name (German)').fill(`Garten ${tag}`)
        await create.getByRole('button', { name: en.ADD_CATEGORY }).focus()
        await page.keyboard.press('Enter')
        await page.getByRole('status').filter({ hasText: en.CATEGORY_SAVED }).waitFor()
        const tree = page.getByRole('region', { name: en.CATEGORY_TREE })
        await tree.getByRole('link', { name: `Garden ${tag}`, exact: true }).waitFor()

        // A subcategory from the parent's edit panel.
        await tree.getByText(en.EDIT_CATEGORY.replace('{name}', `Garden ${tag}`), { exact: true }).click()
        const child = tree
          .locator('form')
          .filter({ has: page.getByRole('button', { name: en.ADD_SUBCATEGORY }) })
          .filter({ hasText: `Garden ${tag}` })
        await child.getByLabel('Name (English)').fill(`Spades ${tag}`)
        await child.getByLabel('Name (German)').fill(`Spaten ${tag}`)
        await child.getByRole('button', { name: en.ADD_SUBCATEGORY }).click()
        const spadesLink = tree.getByRole('link', { name: `Spades ${tag}`, exact: true })
        await spadesLink.waitFor()
        const id = decodeURIComponent((await spadesLink.getAttribute('href'))?.split('/').pop() ?? '')
        assert.ok(id)

        // Renamed in German.
        await tree.getByText(en.EDIT_CATEGORY.replace('{name}', `Spades ${tag}`), { exact: true }).click()
        const rename = tree.locator('form').filter({ has: page.getByRole('button', { name: en.RENAME }) })
        const spadesRename = rename.filter({ has: page.locator(`input[value="Spaten ${tag}"]`) })
        await spadesRename.getByLabel('Name (German)').fill(`Grabschaufeln ${tag}`)
        // The notice of the earlier saves is still on screen: wait for this save's own return (?saved=<its id>),
        // or the click below would cancel the rename's navigation before its post left.
        const renamed = page.waitForURL((url) => url.searchParams.get('saved') === id)
        await spadesRename.getByRole('button', { name: en.RENAME }).click()
        await renamed
        await page.getByRole('status').filter({ hasText: en.CATEGORY_SAVED }).waitFor()

        // A product into it, found by name on the category's page.
        await spadesLink.click()
        await page.getByRole('heading', { name: `Category: Spades ${tag}`, level: 1 }).waitFor()
        await page.getByLabel(en.FIND_PRODUCT).fill('Classic Crew')
        await page.getByLabel(en.FIND_PRODUCT).press('Enter')
        await page.getByRole('button', { name: 'Add Classic Crew Tee' }).click()
        await page
          .getByRole('region', { name: `Products of Spades ${tag}` })
          .getByRole('link', { name: 'Classic Crew Tee' })
          .waitFor()
        assert.deepEqual(errors, [])

        // The shopper (German) sees the new name in the menu and the product on its page, at once.
        const shopper = await openPage({ viewport })
        await shopper.context.addCookies([{ name: 'language', value: 'de', url: shop.url }])
        await shopper.page.goto(`${shop.url}/`)
        const path = `/c/grabschaufeln-${tag.toLowerCase()}~${encodeURIComponent(id)}`
        await shopper.page.locator(`nav a[href="${path}"]`).first().waitFor({ state: 'attached' })
        await shopper.page.goto(`${shop.url}${path}`)
        await shopper.page.getByRole('heading', { name: `Grabschaufeln ${tag}`, level: 1 }).waitFor()
        await shopper.page
          .getByRole('link', { name: /Klassisches Rundhals-Shirt/ })
          .first()
          .waitFor()

        // The old German address answers 301 to the new one.
        const old = await fetch(
          `${shop.url}/c/spaten-${tag.toLowerCase()}~${encodeURIComponent(id)}?lang=de`,
          {
            redirect: 'manual',
          },
        )
        assert.equal(old.status, 301)
        assert.equal(new URL(old.headers.get('location') ?? '', shop.url).pathname, path)
      })

      test('a renamed product: its old address answers 301 to the new one; the sitemap lists the new one', async () => {
        const owner = await account(shop.url, shop.databaseUrl, 'owner')
        const headers = { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' }
        const input = {
          sku: `TEE-${tag}`.toUpperCase(),
          published: true,
          taxCode: null,
          texts: [
            { language: 'en', name: `Crew Tee ${tag}`, description: '' },
            { language: 'de', name: `Rundhals ${tag}`, description: '' },
          ],
          prices: ['USD', 'EUR', 'CAD'].map((currency) => ({
            currency,
            effectiveMinor: 1900,
            originalMinor: 1900,
          })),
        }
        const created = await fetch(`${shop.url}/api/owner/products`, {
          method: 'POST',
          headers,
          body: JSON.stringify(input),
        })
        assert.equal(created.status, 201, await created.clone().text())
        const id = ((await created.json()) as { id: string }).id
        const oldPath = `/p/crew-tee-${tag.toLowerCase()}~${id}`
        const before = await fetch(`${shop.url}${oldPath}`, { redirect: 'manual' })
        assert.equal(before.status, 200)
        const texts = input.texts.map((t) =>
          t.language === 'en' ? { ...t, name: `Heritage Tee ${tag}` } : t,
        )
        const saved = await fetch(`${shop.url}/api/owner/products/${id}`, {
          method: 'PUT',
          headers,
          body: JSON.stringify({ ...input, texts }),
        })
        assert.equal(saved.status, 200, await saved.text())
        const old = await fetch(`${shop.url}${oldPath}?ref=mail`, { redirect: 'manual' })
        assert.equal(old.status, 301)
        const target = new URL(old.headers.get('location') ?? '', shop.url)
        assert.equal(target.pathname, `/p/heritage-tee-${tag.toLowerCase()}~${id}`)
        assert.equal(target.search, '?ref=mail', 'the query goes along')
        assert.equal((await fetch(target)).status, 200)
        const sitemap = await (await fetch(`${shop.url}/sitemap.xml`)).text()
        assert.ok(sitemap.includes(`/p/heritage-tee-${tag.toLowerCase()}~${id}`))
        assert.ok(!sitemap.includes(oldPath))
      })
    })
  }
}
