import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Page } from 'playwright-core'
import { en } from '../apps/web/app/i18n/admin.ts'
import { translator } from '../apps/web/app/i18n/all.ts'
import { browserEngines, openPage, widthsOn } from './support/browser.ts'
import {
  addJar,
  cont,
  fillBilling,
  fillCard,
  orderIdFromUrl,
  placeOrder,
  ready,
  step,
} from './support/checkout.ts'
import { type RunningShop, startShop } from './support/shop.ts'
import { account, adminSignIn } from './support/staff.ts'

/**
 * Tax and the shop's settings in the back office (docs/decisions/0067), desktop and 390 px: the owner gives the
 * demo's US site a rate per destination country (a rate typed wrong is refused at its field first) and a contact
 * phone; a shopper's cart estimate for Canada shows Canada's rate at once, the footer the phone, and the checkout to
 * a Canadian address charges that tax in the order.
 */
const n = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k]))
const shopT = translator('en')

const wider = (page: Page) =>
  page.evaluate(() => {
    const root = document.documentElement
    return root.scrollWidth > root.clientWidth ? [`page ${root.scrollWidth}px in ${root.clientWidth}px`] : []
  })

const nav = (page: Page) => page.getByRole('navigation', { name: en.ADMIN_NAV })

for (const { engine, skip } of browserEngines) {
  describe(`sites, tax and shop settings in the back office on ${engine}`, { skip }, () => {
    let shop: RunningShop
    before(async () => {
      shop = await startShop(engine)
    })
    after(() => shop?.stop())

    for (const [viewportName, viewport] of widthsOn(engine, import.meta.filename)) {
      const phone = viewportName === 'phone'
      // One shop for both widths: each run sets rates and a phone of its own.
      const [usRate, caRate] = phone ? ['6', '12.5'] : ['7', '13,5']
      const caTax = phone ? '$1.50' : '$1.62' // 12.00 × 12.5 % / 13.5 %
      const contactPhone = phone ? '+1 (555) 010-2222' : '+1 (555) 010-1111'

      test(`${viewportName}: the owner sets a rate per country and a phone; the shopper's estimate and checkout follow`, async () => {
        const owner = await account(shop.url, shop.databaseUrl, 'owner')
        const { page, errors } = await openPage({ viewport })
        await adminSignIn(page, shop.url, owner, {
          email: en.EMAIL,
          password: en.PASSWORD,
          submit: en.SIGN_IN,
        })
        await page.getByRole('heading', { name: en.PRODUCTS, level: 1 }).waitFor()
        await nav(page).getByRole('link', { name: en.SITES }).click()
        await page.getByRole('heading', { name: en.SITES, level: 1 }).waitFor()
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })

        const us = page.getByRole('region', {
          name: n(en.SITE_HEADING, { name: 'Fluent Goods US', code: 'us' }),
        })
        const edit = us.locator('details', {
          has: page.locator('summary', { hasText: n(en.EDIT_SITE, { name: 'Fluent Goods US' }) }),
        })
        const open = async () => {
          if (!(await edit.evaluate((d) => (d as HTMLDetailsElement).open)))
            await edit.locator('summary').click()
        }
        await open()
        await edit.getByRole('radio', { name: en.TAX_TYPE_COUNTRY }).check()
        await edit.getByLabel(en.FIELD_TAX_LABEL).fill('Sales tax')
        const caField = edit.getByLabel(n(en.FIELD_COUNTRY_RATE, { country: 'Canada' }))
        await edit.getByLabel(n(en.FIELD_COUNTRY_RATE, { country: 'United States' })).fill(usRate)
        // A rate typed wrong: refused at its field, what was typed kept.
        await caField.fill('13 %')
        await edit.getByRole('button', { name: en.SAVE_SITE }).click()
        await page.getByRole('alert').filter({ hasText: en.SITE_REFUSED }).waitFor()
        await open()
        assert.equal(await caField.getAttribute('aria-invalid'), 'true')
        await edit.getByText(en.RATE_INVALID).waitFor()
        assert.equal(await caField.inputValue(), '13 %')
        await caField.fill(caRate)
        await edit.getByRole('button', { name: en.SAVE_SITE }).click()
        await page.getByRole('status').filter({ hasText: en.SITE_SAVED }).waitFor()
        const rates = `United States ${usRate} %, Canada ${caRate.replace(',', '.')} %`
        await us.getByText(n(en.SITE_TAX_COUNTRIES, { rates, label: 'Sales tax' })).waitFor()
        assert.deepEqual(await wider(page), [])

        // The shop's phone, on the settings page.
        await nav(page).getByRole('link', { name: en.SHOP_SETTINGS }).click()
        await page.getByRole('heading', { name: en.SHOP_SETTINGS, level: 1 }).waitFor()
        await page.getByLabel(en.FIELD_CONTACT_PHONE).fill(contactPhone)
        await page.getByRole('button', { name: en.SAVE_SETTINGS }).click()
        await page.getByRole('status').filter({ hasText: en.SETTINGS_SAVED }).waitFor()
        assert.equal(await page.getByLabel(en.FIELD_CONTACT_PHONE).inputValue(), contactPhone)
        assert.deepEqual(await wider(page), [])
        assert.deepEqual(errors, [])

        // The shopper: Canada's rate in the cart's estimate, the phone in the footer.
        const shopper = await openPage({ viewport })
        await addJar(shopper.page, shop)
        await shopper.page.locator('footer').getByRole('link', { name: contactPhone }).waitFor()
        await shopper.page.getByRole('button', { name: /^Open cart/ }).click()
        const cart = shopper.page.getByRole('dialog', { name: shopT('YOUR_CART') })
        await cart.getByText(shopT('ESTIMATE_TAX')).click()
        await cart.getByRole('combobox', { name: shopT('ESTIMATE_COUNTRY') }).selectOption('CA')
        await cart.getByRole('textbox', { name: shopT('ESTIMATE_ZIP') }).fill('M5V 2T6')
        await cart.getByRole('button', { name: shopT('ESTIMATE'), exact: true }).click()
        await cart.getByText(n(shopT('ESTIMATED_FOR'), { zip: 'M5V 2T6', country: 'CA' })).waitFor()
        const taxLine = cart.locator('.totals__row', { hasText: 'Sales tax' })
        await taxLine.locator('dd', { hasText: caTax }).waitFor()
        await shopper.page.keyboard.press('Escape')

        // The checkout to a Canadian address charges it.
        await ready(shopper.page, `${shop.url}/checkout?guest=1`)
        const shipping = async () => {
          const s = step(shopper.page, 2)
          await s.getByLabel(shopT('COUNTRY')).selectOption('CA')
          await s.getByLabel(shopT('CONTACT_NAME')).fill('Ada Lovelace')
          await s.getByLabel(shopT('STREET')).fill('1 King Street')
          await s.getByLabel(shopT('CITY')).fill('Toronto')
          await s.getByLabel(shopT('PROVINCE')).selectOption('ON')
          await s.getByLabel(shopT('POSTAL_CODE')).fill('M5V 2T6')
          await cont(shopper.page, 2).click()
        }
        if (phone) {
          await shipping()
          await fillBilling(shopper.page, true)
        } else {
          await fillBilling(shopper.page, true)
          await shipping()
        }
        await fillCard(shopper.page, '4242 4242 4242 4242')
        const review = step(shopper.page, 4)
        await review.getByTestId('review-total').waitFor()
        assert.equal(
          await review.locator('.totals__row', { hasText: 'Sales tax' }).locator('dd').innerText(),
          caTax,
        )
        await placeOrder(shopper.page).click()
        const orderId = await orderIdFromUrl(shopper.page)
        const order = (await (
          await fetch(`${shop.url}/api/owner/orders/${encodeURIComponent(orderId)}`, {
            headers: { authorization: `Bearer ${owner.token}` },
          })
        ).json()) as { tax: { amount: number; label: string; included: boolean } }
        assert.deepEqual(order.tax, { amount: Number(caTax.slice(1)), label: 'Sales tax', included: false })
        assert.deepEqual(shopper.errors, [])
      })
    }
  })
}
