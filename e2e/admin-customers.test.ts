import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { de, en } from '../apps/web/app/i18n/admin.ts'
import { seriousViolations } from './support/axe.ts'
import { browserEngines, openPage, widthsOn } from './support/browser.ts'
import { type RunningShop, startShop } from './support/shop.ts'
import { account, adminSignIn } from './support/staff.ts'

/**
 * The staff's customer pages (docs/decisions/0068-staff-customers.md), both engines, desktop in English and 390 px
 * in German: order staff find a customer by e-mail, block the account (its sign-in refused), unblock it, send a
 * reset mail; the owner erases it on request, and the search no longer finds it; axe finds nothing serious.
 */
for (const { engine, skip } of browserEngines) {
  describe(`customer back office on ${engine}`, { skip }, () => {
    let shop: RunningShop
    before(async () => {
      shop = await startShop(engine)
    })
    after(() => shop?.stop())

    for (const [viewportName, viewport] of widthsOn(engine, import.meta.filename)) {
      const [language, t] = viewportName === 'phone' ? (['de', de] as const) : (['en', en] as const)
      test(`${viewportName} (${language}): find, block, unblock, reset, erase`, async () => {
        const customer = await account(shop.url, shop.databaseUrl, 'customer')
        const clerk = await account(shop.url, shop.databaseUrl, 'orders')
        const owner = await account(shop.url, shop.databaseUrl, 'owner')
        const login = () =>
          fetch(`${shop.url}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: customer.email, password: customer.password }),
          })
        const { context, page, errors } = await openPage({ viewport })
        await context.addCookies([{ name: 'language', value: language, url: shop.url }])
        await adminSignIn(page, shop.url, clerk, { email: t.EMAIL, password: t.PASSWORD, submit: t.SIGN_IN })
        await page.getByRole('heading', { name: t.ORDERS, level: 1 }).waitFor()
        await page.getByRole('link', { name: t.CUSTOMERS }).click()
        await page.getByRole('heading', { name: t.CUSTOMERS, level: 1 }).waitFor()
        const found = await seriousViolations(page, '/admin/customers')
        await page.getByLabel(t.SEARCH_CUSTOMERS).fill(customer.email.slice(0, 24))
        await page.getByRole('button', { name: t.SEARCH, exact: true }).click()
        await page.waitForURL(/q=customer/)
        await page.getByRole('link', { name: customer.email }).click()
        const title = t.CUSTOMER_TITLE.replace('{email}', customer.email)
        await page.getByRole('heading', { name: title, level: 1 }).waitFor()
        found.push(...(await seriousViolations(page, '/admin/customers/:id')))

        await page.getByRole('button', { name: t.BLOCK }).click()
        await page.getByRole('status').filter({ hasText: t.CUSTOMER_DONE_blocked }).waitFor()
        assert.equal((await login()).status, 403)
        await page.getByRole('button', { name: t.UNBLOCK }).click()
        await page.getByRole('status').filter({ hasText: t.CUSTOMER_DONE_unblocked }).waitFor()
        assert.equal((await login()).status, 200)
        await page.getByRole('button', { name: t.SEND_RESET }).click()
        await page.getByRole('status').filter({ hasText: t.CUSTOMER_DONE_reset }).waitFor()
        // Erasure is the owner's: the order staff's call is refused.
        const byClerk = await fetch(
          `${shop.url}/api/owner/customers/${page.url().split('/').pop()?.split('?')[0]}`,
          {
            method: 'DELETE',
            headers: { authorization: `Bearer ${clerk.token}` },
          },
        )
        assert.equal(byClerk.status, 403)
        await context.close()

        const ownerPage = await openPage({ viewport })
        await ownerPage.context.addCookies([{ name: 'language', value: language, url: shop.url }])
        await adminSignIn(ownerPage.page, shop.url, owner, {
          email: t.EMAIL,
          password: t.PASSWORD,
          submit: t.SIGN_IN,
        })
        await ownerPage.page.getByRole('heading', { name: t.PRODUCTS, level: 1 }).waitFor()
        await ownerPage.page.goto(`${shop.url}/admin/customers?q=${encodeURIComponent(customer.email)}`)
        await ownerPage.page.getByRole('link', { name: customer.email }).click()
        await ownerPage.page.getByRole('heading', { name: title, level: 1 }).waitFor()
        await ownerPage.page.getByText(t.ERASE, { exact: true }).click()
        await ownerPage.page.getByRole('button', { name: t.ERASE_YES }).click()
        await ownerPage.page.waitForURL(/\/admin\/customers\?erased=1/)
        await ownerPage.page.goto(`${shop.url}/admin/customers?q=${encodeURIComponent(customer.email)}`)
        await ownerPage.page.getByText(t.NO_CUSTOMERS).waitFor()
        assert.equal((await login()).status, 401)
        assert.deepEqual(found, [])
        assert.deepEqual([...errors, ...ownerPage.errors], [])
        await ownerPage.context.close()
      })
    }
  })
}
