import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { de, en } from '../apps/web/app/i18n/admin.ts'
import { browserEngines, openPage, viewports } from './support/browser.ts'
import { type RunningShop, startShop } from './support/shop.ts'
import { account, adminSignIn } from './support/staff.ts'

/**
 * The activity log at /admin/activity (docs/decisions/0045): the owner follows "History" from a product to its
 * entries and reads a change field by field, old → new; the catalogue staff have no such menu entry and are
 * told clearly that the log is the owner's.
 */
for (const { engine, skip } of browserEngines) {
  describe(`activity log at /admin on ${engine}`, { skip }, () => {
    let shop: RunningShop
    before(async () => {
      shop = await startShop(engine)
    })
    after(() => shop?.stop())

    test("the owner reads a product's history: who, what, and the changed fields only", async () => {
      const owner = await account(shop.url, shop.databaseUrl, 'owner')
      const call = (method: string, path: string, body: object) =>
        fetch(`${shop.url}${path}`, {
          method,
          headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      const input = {
        sku: `LOG-${Date.now().toString(36)}`.toUpperCase(),
        published: true,
        taxCode: null,
        texts: [
          { language: 'en', name: 'Oak board', description: '' },
          { language: 'de', name: 'Eichenbrett', description: '' },
        ],
        prices: [
          { currency: 'USD', effectiveMinor: 4500, originalMinor: 4500 },
          { currency: 'EUR', effectiveMinor: 4200, originalMinor: 4200 },
        ],
      }
      const created = await call('POST', '/api/owner/products', { ...input, stock: 3 })
      assert.equal(created.status, 201)
      const { id } = (await created.json()) as { id: string }
      const prices = [{ ...input.prices[0], effectiveMinor: 3950 }, input.prices[1]]
      assert.equal((await call('PUT', `/api/owner/products/${id}`, { ...input, prices })).status, 200)

      const { page, errors } = await openPage({ viewport: viewports.phone })
      await adminSignIn(page, shop.url, owner, { email: en.EMAIL, password: en.PASSWORD, submit: en.SIGN_IN })
      await page.getByRole('heading', { name: en.PRODUCTS, level: 1 }).waitFor()
      assert.ok(
        await page
          .getByRole('navigation', { name: en.ADMIN_NAV })
          .getByRole('link', { name: en.ACTIVITY })
          .isVisible(),
      )
      await page.goto(`${shop.url}/admin/products/${id}`)
      await page.getByRole('link', { name: en.HISTORY }).click()
      await page.getByRole('heading', { name: en.ACTIVITY, level: 1 }).waitFor()
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
      assert.equal(await page.getByLabel(en.FIELD_ENTITY_ID, { exact: false }).inputValue(), id)
      const rows = page.getByRole('row')
      assert.equal(await rows.count(), 3, 'a heading row, the update and the creation')
      const update = rows.nth(1)
      assert.match(
        await update.innerText(),
        new RegExp(`${en.ACTION_update}[\\s\\S]*${owner.email}|${owner.email}[\\s\\S]*${en.ACTION_update}`),
      )
      await update.getByText(en.SHOW_CHANGES.replace('{count}', '1')).click()
      const change = update.locator('.admin-diff')
      await change.waitFor()
      assert.match(await change.innerText(), /prices\[USD\]\.effectiveMinor[\s\S]*4500[\s\S]*3950/)
      assert.match(await rows.nth(2).innerText(), new RegExp(en.ACTION_create))
      assert.deepEqual(errors, [])
    })

    test('the catalogue staff have no Activity entry and are told the log is the owner’s', async () => {
      const staff = await account(shop.url, shop.databaseUrl, 'catalogue')
      const { page, context, errors } = await openPage({ viewport: viewports.desktop })
      await context.addCookies([{ name: 'language', value: 'de', url: shop.url }])
      await adminSignIn(page, shop.url, staff, { email: de.EMAIL, password: de.PASSWORD, submit: de.SIGN_IN })
      await page.getByRole('heading', { name: de.PRODUCTS, level: 1 }).waitFor()
      const nav = page.getByRole('navigation', { name: de.ADMIN_NAV })
      assert.equal(await nav.getByRole('link', { name: de.ACTIVITY }).count(), 0)
      assert.equal(await nav.getByRole('link', { name: de.SHOP_WINDOW }).count(), 0)
      await page.goto(`${shop.url}/admin/activity`)
      await page.getByRole('alert').filter({ hasText: de.ACTIVITY_FORBIDDEN }).waitFor()
      assert.equal(new URL(page.url()).pathname, '/admin/activity')
      await page.goto(`${shop.url}/admin/shop-window`)
      await page.getByRole('alert').filter({ hasText: de.SHOP_WINDOW_FORBIDDEN }).waitFor()
      assert.deepEqual(errors, [])
    })
  })
}
