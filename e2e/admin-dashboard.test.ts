import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { de, en } from '../apps/web/app/i18n/admin.ts'
import { seriousViolations } from './support/axe.ts'
import { browserEngines, openPage, widthsOn } from './support/browser.ts'
import { pickProduct, shopper } from './support/orders.ts'
import { type RunningShop, startShop } from './support/shop.ts'
import { account, adminSignIn } from './support/staff.ts'

/**
 * The owner's dashboard (docs/decisions/0069-dashboard.md), both engines, desktop in English and 390 px in
 * German: an order placed today shows in the figures, the chart is drawn, the page fits the screen; axe finds
 * nothing serious.
 */
for (const { engine, skip } of browserEngines) {
  describe(`dashboard on ${engine}`, { skip }, () => {
    let shop: RunningShop
    before(async () => {
      shop = await startShop(engine)
    })
    after(() => shop?.stop())

    for (const [viewportName, viewport] of widthsOn(engine, import.meta.filename)) {
      const [language, t] = viewportName === 'phone' ? (['de', de] as const) : (['en', en] as const)
      test(`${viewportName} (${language}): today's order in the figures, the chart drawn`, async () => {
        const product = await pickProduct(shop.databaseUrl)
        await product.db
          .updateTable('products')
          .set({ stock: 50 })
          .where('id', '=', product.productId)
          .execute()
        await (await shopper(shop.url, product.productId, 1)).placeOne()
        await product.close()
        const owner = await account(shop.url, shop.databaseUrl, 'owner')
        const { context, page, errors } = await openPage({ viewport })
        await context.addCookies([{ name: 'language', value: language, url: shop.url }])
        await adminSignIn(page, shop.url, owner, { email: t.EMAIL, password: t.PASSWORD, submit: t.SIGN_IN })
        await page.getByRole('heading', { name: t.PRODUCTS, level: 1 }).waitFor()
        await page.getByRole('link', { name: t.DASHBOARD }).click()
        await page.getByRole('heading', { name: t.DASHBOARD, level: 1 }).waitFor()
        await page.locator('.admin-chart canvas').waitFor()
        const orders = await page.locator('.admin-figures div').nth(1).locator('dd').textContent()
        assert.ok(Number(orders) >= 1, `orders shown: ${orders}`)
        await page.getByText(t.DAYS_TABLE).click()
        const today = new Date().toISOString().slice(0, 10)
        await page.getByRole('rowheader', { name: today }).waitFor()
        const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
        assert.equal(wide, false, 'nothing wider than the screen')
        assert.deepEqual(await seriousViolations(page, '/admin/dashboard'), [])
        assert.deepEqual(errors, [])
        await context.close()
      })
    }
  })
}
