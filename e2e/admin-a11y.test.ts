import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { catalogueCsv } from '../apps/server/src/modules/catalogue-import/import.testing.ts'
import { SCRIPTED_SVG } from '../apps/server/src/modules/media/media.testing.ts'
import { de, en } from '../apps/web/app/i18n/admin.ts'
import { seriousViolations } from './support/axe.ts'
import { browserSkip, languagesAt, launchBrowser, widths } from './support/browser.ts'
import { type RunningShop, startShop } from './support/shop.ts'
import { account, adminSignIn } from './support/staff.ts'

/** axe-core finds no serious or critical violation on the back office's pages: desktop in English, 390 px in German. */
const violations = seriousViolations

describe('back office accessibility (axe-core)', { skip: browserSkip }, () => {
  let shop: RunningShop
  before(async () => {
    shop = await startShop('sqlite')
  })
  after(() => shop?.stop())

  for (const [viewportName, viewport] of widths) {
    for (const [language, t] of languagesAt(viewportName, [
      ['en', en],
      ['de', de],
    ] as const)) {
      test(`${viewportName} ${language}: sign-in, list, new and edit forms`, async () => {
        const owner = await account(shop.url, shop.databaseUrl, 'owner')
        const browser = await launchBrowser()
        const context = await browser.newContext({ viewport })
        await context.addCookies([{ name: 'language', value: language, url: shop.url }])
        const page = await context.newPage()
        await page.goto(`${shop.url}/admin/sign-in`)
        const found = await violations(page, '/admin/sign-in')
        await adminSignIn(page, shop.url, owner, { email: t.EMAIL, password: t.PASSWORD, submit: t.SIGN_IN })
        await page.getByRole('heading', { name: t.PRODUCTS, level: 1 }).waitFor()
        for (const path of [
          '/admin',
          '/admin?sort=name&order=asc&page=2',
          '/admin/products/new',
          '/admin/products/p-classic-tee',
          '/admin/import',
          '/admin/categories',
          '/admin/categories/c-tshirts?q=tee',
        ]) {
          await page.goto(`${shop.url}${path}`)
          found.push(...(await violations(page, path)))
        }
        // The activity log with a disclosure open (an entry: the de site's slides reversed), and the shop window
        // editor with an added slide.
        const auth = { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' }
        const window = (await (
          await fetch(`${shop.url}/api/owner/sites/de/window`, { headers: auth })
        ).json()) as {
          slides: unknown[]
          banner1: unknown
          banner2: unknown
        }
        const put = await fetch(`${shop.url}/api/owner/sites/de/window`, {
          method: 'PUT',
          headers: auth,
          body: JSON.stringify({
            slides: window.slides.reverse(),
            banner1: window.banner1,
            banner2: window.banner2,
          }),
        })
        assert.equal(put.status, 200)
        for (const path of ['/admin/activity', '/admin/shop-window', '/admin/shop-window?site=de']) {
          await page.goto(`${shop.url}${path}`)
          if (path === '/admin/activity') await page.locator('.admin-changes summary').first().click()
          if (path === '/admin/shop-window') await page.getByRole('button', { name: t.ADD_SLIDE }).click()
          found.push(...(await violations(page, path)))
        }
        // The images section's refusal (an SVG named .jpg), on the edit page above.
        await page.goto(`${shop.url}/admin/products/p-classic-tee`)
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
        await page
          .locator('input[type=file]')
          .setInputFiles({ name: 'x.jpg', mimeType: 'image/jpeg', buffer: SCRIPTED_SVG })
        await page.getByRole('alert').waitFor()
        found.push(...(await violations(page, '/admin/products/p-classic-tee (image refused)')))
        // The form's error state too: an empty form posted.
        await page.goto(`${shop.url}/admin/products/new`)
        await page.getByRole('button', { name: t.SAVE }).click()
        await page.getByRole('alert').waitFor()
        found.push(...(await violations(page, '/admin/products/new (errors)')))
        // The category tree with an edit panel open, and a refused write's message.
        await page.goto(`${shop.url}/admin/categories`)
        await page.locator('summary').first().click()
        found.push(...(await violations(page, '/admin/categories (edit panel)')))
        const create = page.getByRole('region', { name: t.NEW_CATEGORY })
        for (const field of await create.getByRole('textbox').all()) await field.fill('!!!')
        await create.getByRole('button', { name: t.ADD_CATEGORY }).click()
        await page.getByRole('alert').waitFor()
        found.push(...(await violations(page, '/admin/categories (refused)')))
        // The import's dry run with a refused row, then its progress (import and export).
        await page.goto(`${shop.url}/admin/import`)
        const csv = catalogueCsv(3, { bad: [1], prefix: `A11Y-${viewportName}-${language}-${Date.now()}` })
        await page
          .getByLabel(t.IMPORT_FILE)
          .setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
        await page.getByRole('button', { name: t.IMPORT_CHECK }).click()
        await page.getByRole('heading', { name: t.IMPORT_PREVIEW }).waitFor()
        found.push(...(await violations(page, '/admin/import (dry run)')))
        await page.getByRole('button', { name: t.IMPORT_VALID_ONLY }).click()
        await page.getByRole('progressbar').waitFor()
        found.push(...(await violations(page, '/admin/import (progress)')))
        assert.deepEqual(found, [])
        await context.close()
      })

      // variants and prices: their own test (each test has its time budget)
      test(`${viewportName} ${language}: options and variants, prices and stock`, async () => {
        const owner = await account(shop.url, shop.databaseUrl, 'owner')
        const browser = await launchBrowser()
        const context = await browser.newContext({ viewport })
        await context.addCookies([{ name: 'language', value: language, url: shop.url }])
        const page = await context.newPage()
        await adminSignIn(page, shop.url, owner, { email: t.EMAIL, password: t.PASSWORD, submit: t.SIGN_IN })
        await page.getByRole('heading', { name: t.PRODUCTS, level: 1 }).waitFor()
        const found: string[] = []
        for (const path of ['/admin/products/p-classic-tee/variants', '/admin/prices?q=shirt']) {
          await page.goto(`${shop.url}${path}`)
          found.push(...(await violations(page, path)))
        }
        // The error state: a value twice.
        await page.goto(`${shop.url}/admin/products/p-classic-tee/variants`)
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
        await page.getByLabel(t.FIELD_OPTION_VALUES.replace('{n}', '1')).fill('Red, Red')
        await page.getByRole('button', { name: t.GENERATE_VARIANTS }).click()
        await page.getByRole('alert').waitFor()
        found.push(...(await violations(page, '/admin/products/p-classic-tee/variants (errors)')))
        assert.deepEqual(found, [])
        await context.close()
      })

      // shipping: the page of each site, a method's edit form open, a refused zone (a made-up country)
      test(`${viewportName} ${language}: shipping zones and methods`, async () => {
        const owner = await account(shop.url, shop.databaseUrl, 'owner')
        const browser = await launchBrowser()
        const context = await browser.newContext({ viewport })
        await context.addCookies([{ name: 'language', value: language, url: shop.url }])
        const page = await context.newPage()
        await adminSignIn(page, shop.url, owner, { email: t.EMAIL, password: t.PASSWORD, submit: t.SIGN_IN })
        await page.getByRole('heading', { name: t.PRODUCTS, level: 1 }).waitFor()
        const found: string[] = []
        for (const path of ['/admin/shipping', '/admin/shipping?site=de']) {
          await page.goto(`${shop.url}${path}`)
          found.push(...(await violations(page, path)))
        }
        await page.locator('.admin-tree__edit > summary').first().click()
        found.push(...(await violations(page, '/admin/shipping?site=de (edit panel)')))
        const create = page.getByRole('region', { name: t.NEW_ZONE })
        await create.getByLabel(t.FIELD_ZONE_NAME).fill('A11y')
        await create.getByLabel(t.FIELD_COUNTRIES).fill('XX')
        await create.getByRole('button', { name: t.ADD_ZONE }).click()
        await page.getByRole('alert').waitFor()
        found.push(...(await violations(page, '/admin/shipping?site=de (refused)')))
        assert.deepEqual(found, [])
        await context.close()
      })

      // sites and tax: a site's form open, a refused rate; the shop settings with a refused phone
      test(`${viewportName} ${language}: sites, tax and shop settings`, async () => {
        const owner = await account(shop.url, shop.databaseUrl, 'owner')
        const browser = await launchBrowser()
        const context = await browser.newContext({ viewport })
        await context.addCookies([{ name: 'language', value: language, url: shop.url }])
        const page = await context.newPage()
        await adminSignIn(page, shop.url, owner, { email: t.EMAIL, password: t.PASSWORD, submit: t.SIGN_IN })
        await page.getByRole('heading', { name: t.PRODUCTS, level: 1 }).waitFor()
        const found: string[] = []
        await page.goto(`${shop.url}/admin/sites`)
        found.push(...(await violations(page, '/admin/sites')))
        await page.locator('.admin-tree__edit > summary').first().click()
        const form = page.locator('.admin-tree__edit[open]')
        await form.getByRole('radio').nth(1).check()
        await form.locator('input[name="rate-CA"]').fill('x')
        await form.getByRole('button', { name: t.SAVE_SITE }).click()
        await page.getByRole('alert').waitFor()
        found.push(...(await violations(page, '/admin/sites (refused)')))
        await page.goto(`${shop.url}/admin/settings`)
        found.push(...(await violations(page, '/admin/settings')))
        await page.getByLabel(t.FIELD_CONTACT_PHONE).fill('call us')
        await page.getByRole('button', { name: t.SAVE_SETTINGS }).click()
        await page.getByRole('alert').waitFor()
        found.push(...(await violations(page, '/admin/settings (refused)')))
        assert.deepEqual(found, [])
        await context.close()
      })

      // coupons: the list, a demo coupon's form with its delete disclosure open, a new form refused
      test(`${viewportName} ${language}: coupons`, async () => {
        const owner = await account(shop.url, shop.databaseUrl, 'owner')
        const browser = await launchBrowser()
        const context = await browser.newContext({ viewport })
        await context.addCookies([{ name: 'language', value: language, url: shop.url }])
        const page = await context.newPage()
        await adminSignIn(page, shop.url, owner, { email: t.EMAIL, password: t.PASSWORD, submit: t.SIGN_IN })
        await page.getByRole('heading', { name: t.PRODUCTS, level: 1 }).waitFor()
        const found: string[] = []
        for (const path of ['/admin/coupons', '/admin/coupons/BIG25']) {
          await page.goto(`${shop.url}${path}`)
          found.push(...(await violations(page, path)))
        }
        await page.locator('.admin-danger summary').click()
        found.push(...(await violations(page, '/admin/coupons/BIG25 (delete open)')))
        await page.goto(`${shop.url}/admin/coupons/new`)
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
        await page.getByRole('button', { name: t.SAVE }).click()
        await page.getByRole('alert').waitFor()
        found.push(...(await violations(page, '/admin/coupons/new (refused)')))
        assert.deepEqual(found, [])
        await context.close()
      })
    }
  }
})
