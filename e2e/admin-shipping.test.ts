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
 * Shipping in the back office (docs/decisions/0062), desktop and 390 px: the owner adds a zone for a country the
 * demo does not ship to (a made-up code refused by name first) and two methods, the cheaper one second; a shopper
 * there is offered both at checkout with the cheaper one pre-selected, and places the order with it.
 */
const n = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k]))
const shopT = translator('en')

/** The page wider than the screen, or nothing. */
const wider = (page: Page) =>
  page.evaluate(() => {
    const root = document.documentElement
    return root.scrollWidth > root.clientWidth ? [`page ${root.scrollWidth}px in ${root.clientWidth}px`] : []
  })

for (const { engine, skip } of browserEngines) {
  describe(`shipping in the back office on ${engine}`, { skip }, () => {
    let shop: RunningShop
    before(async () => {
      shop = await startShop(engine)
    })
    after(() => shop?.stop())

    for (const [viewportName, viewport] of widthsOn(engine, import.meta.filename)) {
      const phone = viewportName === 'phone'
      // One shop for both widths: each run ships to a country of its own (a country is in one zone per site).
      const country = phone ? 'GT' : 'MX'
      const zoneName = `Zone ${country}`

      test(`${viewportName}: the owner adds a zone and methods; the shopper there gets the cheapest and orders`, async () => {
        const owner = await account(shop.url, shop.databaseUrl, 'owner')
        const { page, errors } = await openPage({ viewport })
        await adminSignIn(page, shop.url, owner, {
          email: en.EMAIL,
          password: en.PASSWORD,
          submit: en.SIGN_IN,
        })
        await page.getByRole('heading', { name: en.PRODUCTS, level: 1 }).waitFor()
        await page
          .getByRole('navigation', { name: en.ADMIN_NAV })
          .getByRole('link', { name: en.SHIPPING })
          .click()
        await page.getByRole('heading', { name: en.SHIPPING, level: 1 }).waitFor()
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })

        // A made-up code: refused by name, what was typed kept.
        const create = page.getByRole('region', { name: en.NEW_ZONE })
        await create.getByLabel(en.FIELD_ZONE_NAME).fill(zoneName)
        const countries = create.getByLabel(en.FIELD_COUNTRIES)
        await countries.fill(`${country}, XX`)
        await create.getByRole('button', { name: en.ADD_ZONE }).click()
        await page.getByRole('alert').filter({ hasText: en.SHIPPING_REFUSED }).waitFor()
        assert.equal(await countries.getAttribute('aria-invalid'), 'true')
        await create.getByText(n(en.COUNTRY_UNKNOWN, { code: 'XX' })).waitFor()
        assert.equal(await create.getByLabel(en.FIELD_ZONE_NAME).inputValue(), zoneName)
        await countries.fill(country.toLowerCase())
        await create.getByRole('button', { name: en.ADD_ZONE }).click()
        const zone = page.getByRole('region', { name: zoneName })
        await zone.waitFor()
        await page.getByRole('status').filter({ hasText: en.SHIPPING_SAVED }).waitFor()

        // Two methods, the dearer first; the second is free from 100.00.
        const addMethod = async (english: string, german: string, fee: string, tier?: [string, string]) => {
          const text = n(en.NEW_METHOD_IN, { name: zoneName })
          const summary = zone.locator('summary', { hasText: text })
          const details = zone.locator('details', { has: page.locator('summary', { hasText: text }) })
          if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await summary.click()
          const label = (language: string) => n(en.FIELD_METHOD_NAME, { language })
          await details.getByLabel(label(en.LANGUAGE_en)).fill(english)
          await details.getByLabel(label(en.LANGUAGE_de)).fill(german)
          await details.getByLabel(n(en.FIELD_FEE, { currency: 'USD' }), { exact: true }).fill(fee)
          if (tier) {
            await details.getByLabel(n(en.FIELD_TIER_MIN, { n: 2, currency: 'USD' })).fill(tier[0])
            await details.getByLabel(n(en.FIELD_TIER_FEE, { n: 2, currency: 'USD' })).fill(tier[1])
          }
          await details.getByRole('button', { name: en.ADD_METHOD }).click()
          await zone.getByRole('button', { name: n(en.DELETE_NAMED, { name: english }) }).waitFor()
        }
        await addMethod('Courier', 'Kurier', '12.00')
        await addMethod('Post', 'Post', '4,50', ['100', '0'])
        const rows = await zone.locator('.admin-tree__name').allInnerTexts()
        assert.deepEqual(rows, ['Courier', 'Post'])
        assert.match(
          await zone.locator('.admin-tree > li').nth(1).innerText(),
          /\$4\.50; from \$100\.00: \$0\.00/,
        )
        assert.deepEqual(await wider(page), [])

        // The demo's US Standard (an English name only) gets its German name and a fee of this run's own.
        const fee = phone ? '8.88' : '7.77'
        const home = page.getByRole('region', { name: 'United States & Canada' })
        const standard = 'Standard (3–5 business days)'
        const edit = home.locator('details', {
          has: page.locator('summary', { hasText: n(en.EDIT_METHOD, { name: standard }) }),
        })
        await edit.locator('summary').click()
        await edit
          .getByLabel(n(en.FIELD_METHOD_NAME, { language: en.LANGUAGE_de }))
          .fill('Standard (3–5 Werktage)')
        await edit.getByLabel(n(en.FIELD_FEE, { currency: 'USD' }), { exact: true }).fill(fee)
        await edit.getByRole('button', { name: en.SAVE_METHOD }).click()
        await home.getByText(`$${fee}; from $75.00: $0.00`).waitFor()
        assert.deepEqual(errors, [])

        // The shopper in that country: both methods, the cheaper pre-selected; the order is placed with it.
        const shopper = await openPage({ viewport })
        await addJar(shopper.page, shop)
        // The cart's estimate for the US: the edited method is the cheapest there.
        await shopper.page.getByRole('button', { name: /^Open cart/ }).click()
        const cart = shopper.page.getByRole('dialog', { name: shopT('YOUR_CART') })
        await cart.getByText(shopT('ESTIMATE_TAX')).click()
        await cart.getByRole('combobox', { name: shopT('ESTIMATE_COUNTRY') }).selectOption('US')
        await cart.getByRole('textbox', { name: shopT('ESTIMATE_ZIP') }).fill('10001')
        await cart.getByRole('button', { name: shopT('ESTIMATE'), exact: true }).click()
        await cart.getByText(n(shopT('ESTIMATED_FOR'), { zip: '10001', country: 'US' })).waitFor()
        const line = cart.locator('.totals__row', { hasText: n(shopT('SHIPPING_BY'), { name: standard }) })
        assert.equal(await line.locator('dd').innerText(), `$${fee}`)
        await shopper.page.keyboard.press('Escape')
        await ready(shopper.page, `${shop.url}/checkout?guest=1`)
        const shipping = async () => {
          const s = step(shopper.page, 2)
          await s.getByLabel(shopT('COUNTRY')).selectOption(country)
          await s.getByLabel(shopT('CONTACT_NAME')).fill('Ada Lovelace')
          await s.getByLabel(shopT('STREET')).fill('Calle 1')
          await s.getByLabel(shopT('CITY')).fill('Ciudad')
          await s.getByLabel(shopT('ZIP')).fill('01000')
          const method = s.getByLabel(shopT('SHIPPING_METHOD'))
          const offered = await method.locator('option').allInnerTexts()
          assert.equal(offered.length, 2, offered.join())
          assert.match(offered[0] ?? '', /^Post – \$4\.50$/)
          assert.match(offered[1] ?? '', /^Courier – \$12\.00$/)
          assert.equal(await method.locator('option:checked').innerText(), offered[0])
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
        await step(shopper.page, 4).getByTestId('review-total').waitFor()
        await placeOrder(shopper.page).click()
        const orderId = await orderIdFromUrl(shopper.page)
        const order = (await (
          await fetch(`${shop.url}/api/owner/orders/${encodeURIComponent(orderId)}`, {
            headers: { authorization: `Bearer ${owner.token}` },
          })
        ).json()) as { shipping: { name: string; total: { amount: number } } }
        assert.equal(order.shipping.name, 'Post')
        assert.equal(order.shipping.total.amount, 4.5)
        assert.deepEqual(shopper.errors, [])
      })
    }
  })
}
