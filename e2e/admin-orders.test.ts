import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { de, en } from '../apps/web/app/i18n/admin.ts'
import { seriousViolations } from './support/axe.ts'
import { browserEngines, openPage, widthsOn } from './support/browser.ts'
import { pickProduct, shopper } from './support/orders.ts'
import { type RunningShop, startShop } from './support/shop.ts'
import { account, adminSignIn } from './support/staff.ts'

/**
 * The order staff's back office (docs/decisions/0057-staff-orders.md), both engines, desktop in English and
 * 390 px in German: a shopper orders; the order staff find it by e-mail, confirm it and cancel it (the stock
 * comes back); they are refused on the catalogue, in the browser and on the API; axe finds nothing serious.
 */
for (const { engine, skip } of browserEngines) {
  for (const [viewportName, viewport] of widthsOn(engine, import.meta.filename)) {
    const [language, t] = viewportName === 'phone' ? (['de', de] as const) : (['en', en] as const)
    describe(`order back office on ${engine}, ${viewportName} (${language})`, { skip }, () => {
      let shop: RunningShop
      before(async () => {
        shop = await startShop(engine)
      })
      after(() => shop?.stop())

      test('find an order by e-mail, confirm it, cancel it; the catalogue is refused', async () => {
        const product = await pickProduct(shop.databaseUrl)
        const stock = async () =>
          (
            await product.db
              .selectFrom('products')
              .select('stock')
              .where('id', '=', product.productId)
              .executeTakeFirstOrThrow()
          ).stock
        await product.db
          .updateTable('products')
          .set({ stock: 50 })
          .where('id', '=', product.productId)
          .execute()
        const email = `grace.${viewportName}.${Date.now().toString(36)}@example.com`
        const { orderId } = await (await shopper(shop.url, product.productId, 2, undefined, email)).placeOne()
        assert.equal(await stock(), 48)
        const clerk = await account(shop.url, shop.databaseUrl, 'orders')

        const { context, page, errors } = await openPage({ viewport })
        await context.addCookies([{ name: 'language', value: language, url: shop.url }])
        await adminSignIn(page, shop.url, clerk, { email: t.EMAIL, password: t.PASSWORD, submit: t.SIGN_IN })
        await page.getByRole('heading', { name: t.ORDERS, level: 1 }).waitFor()
        const found = await seriousViolations(page, '/admin/orders')
        await page.getByLabel(t.SEARCH_ORDERS).fill(email.slice(0, 20))
        await page.getByRole('button', { name: t.APPLY_FILTERS }).click()
        await page.waitForURL(/q=grace/)
        assert.equal(await page.getByRole('table').getByRole('row').count(), 2, 'the header and one order')
        await page.getByRole('link', { name: orderId }).click()
        await page.getByRole('heading', { name: t.ORDER_TITLE.replace('{id}', orderId), level: 1 }).waitFor()
        found.push(...(await seriousViolations(page, '/admin/orders/:id')))

        await page.getByRole('button', { name: t.MOVE_TO_CONFIRMED }).click()
        await page.getByRole('status').filter({ hasText: t.STATUS_CONFIRMED }).waitFor()
        await page.getByRole('button', { name: t.MOVE_TO_DECLINED }).click()
        await page.getByRole('status').filter({ hasText: t.STATUS_DECLINED }).waitFor()
        await page.getByText(t.ORDER_FINAL).waitFor()
        assert.equal(await stock(), 50, 'the cancel put both units back')

        // Refused on the catalogue: the product list sends them to their orders, a catalogue page says no.
        await page.goto(`${shop.url}/admin`)
        await page.waitForURL(/\/admin\/orders$/)
        const refused = await page.goto(`${shop.url}/admin/products/new`)
        assert.equal(refused?.status(), 403)
        await page.getByRole('alert').filter({ hasText: t.FORBIDDEN_PAGE }).waitFor()
        const api = await fetch(`${shop.url}/api/owner/products`, {
          headers: { authorization: `Bearer ${clerk.token}` },
        })
        assert.equal(api.status, 403)
        assert.deepEqual(found, [])
        assert.deepEqual(errors, [])
        await context.close()
        await product.close()
      })
    })
  }
}
