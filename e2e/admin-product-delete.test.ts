import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { en } from '../apps/web/app/i18n/admin.ts'
import { browserEngines, openPage, viewports } from './support/browser.ts'
import { shopper } from './support/orders.ts'
import { type RunningShop, startShop } from './support/shop.ts'
import { account, adminSignIn } from './support/staff.ts'

/**
 * Deleting a product at /admin (docs/decisions/0044): the button asks first in a modal dialog that keeps the
 * keyboard inside, closes on Escape and gives focus back; confirmed, the product is gone. A product in an order
 * is refused with a clear message and an offer to unpublish it, which hides it from the shop.
 */
const labels = { email: en.EMAIL, password: en.PASSWORD, submit: en.SIGN_IN }

for (const { engine, skip } of browserEngines) {
  describe(`deleting a product at /admin on ${engine}`, { skip }, () => {
    let shop: RunningShop
    let owner: Awaited<ReturnType<typeof account>>
    before(async () => {
      shop = await startShop(engine)
      owner = await account(shop.url, shop.databaseUrl, 'owner')
    })
    after(() => shop?.stop())
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${shop.url}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      })
    const create = async (name: string) => {
      const sku = `DEL-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`.toUpperCase()
      const created = await api('/api/owner/products', {
        method: 'POST',
        body: JSON.stringify({
          sku,
          published: true,
          taxCode: null,
          texts: [
            { language: 'en', name, description: '' },
            { language: 'de', name: `${name} (de)`, description: '' },
          ],
          prices: [
            { currency: 'USD', effectiveMinor: 1500, originalMinor: 1500 },
            { currency: 'EUR', effectiveMinor: 1400, originalMinor: 1400 },
          ],
          stock: 5,
        }),
      })
      assert.equal(created.status, 201)
      return ((await created.json()) as { id: string }).id
    }

    test('the dialog traps focus, closes on Escape with focus back; confirmed, the product is gone', async () => {
      const id = await create('Teak bowl to delete')
      const { page, errors } = await openPage({ viewport: viewports.phone })
      await adminSignIn(page, shop.url, owner, labels)
      await page.getByRole('heading', { name: en.PRODUCTS, level: 1 }).waitFor()
      await page.goto(`${shop.url}/admin/products/${id}`)
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
      const opener = page.getByRole('button', { name: en.DELETE_PRODUCT_BUTTON })
      await opener.click()
      const dialog = page.getByRole('dialog', { name: en.DELETE_CONFIRM_TITLE })
      await dialog.waitFor()
      assert.match(await dialog.innerText(), /Teak bowl to delete/)
      // Tabbing round never leaves the dialog (the page behind is inert).
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press('Tab')
        assert.ok(
          await dialog.evaluate((d) => d.contains(document.activeElement)),
          `tab ${i} left the dialog`,
        )
      }
      await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'hidden' })
      assert.ok(await opener.evaluate((b) => b === document.activeElement), 'focus is back on the button')
      // Cancel closes too and deletes nothing.
      await opener.click()
      await dialog.getByRole('button', { name: en.CANCEL }).click()
      await dialog.waitFor({ state: 'hidden' })
      assert.equal((await api(`/api/owner/products/${id}`)).status, 200)

      await opener.click()
      await dialog.getByRole('button', { name: en.DELETE_CONFIRM_BUTTON }).click()
      await page.getByRole('status').filter({ hasText: en.PRODUCT_DELETED }).waitFor()
      assert.equal(new URL(page.url()).pathname, '/admin')
      assert.equal((await api(`/api/owner/products/${id}`)).status, 404)
      assert.equal((await fetch(`${shop.url}/api/catalogue/products/${id}`)).status, 404)
      assert.deepEqual(errors, [])
    })

    test('a product in an order is refused with a clear message; unpublishing it hides it from the shop', async () => {
      const id = await create('Ordered teak bowl')
      await (await shopper(shop.url, id)).placeOne()
      const { page, errors } = await openPage({ viewport: viewports.desktop })
      await adminSignIn(page, shop.url, owner, labels)
      await page.getByRole('heading', { name: en.PRODUCTS, level: 1 }).waitFor()
      await page.goto(`${shop.url}/admin/products/${id}`)
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
      await page.getByRole('button', { name: en.DELETE_PRODUCT_BUTTON }).click()
      await page
        .getByRole('dialog', { name: en.DELETE_CONFIRM_TITLE })
        .getByRole('button', { name: en.DELETE_CONFIRM_BUTTON })
        .click()
      const alert = page.getByRole('alert').filter({ hasText: en.DELETE_REFUSED_ORDERED })
      await alert.waitFor()
      assert.equal((await api(`/api/owner/products/${id}`)).status, 200)
      await alert.getByRole('button', { name: en.PRODUCT_UNPUBLISH }).click()
      await page.getByRole('status').filter({ hasText: en.SAVED }).waitFor()
      assert.equal(await page.getByLabel(en.FIELD_PUBLISHED).isChecked(), false)
      const product = (await (await api(`/api/owner/products/${id}`)).json()) as { published: boolean }
      assert.equal(product.published, false)
      assert.equal((await fetch(`${shop.url}/api/catalogue/products/${id}`)).status, 404)
      assert.deepEqual(errors, [])
    })
  })
}
