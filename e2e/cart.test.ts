import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { BrowserContext, Page } from 'playwright-core'
import { browserEngines, openPage, waitForOrTell, widthsOn } from './support/browser.ts'
import { type RunningShop, startShop } from './support/shop.ts'

/**
 * The cart as a shopper uses it (issue 4): the panel after an add, quantities, error marks, notes, coupons,
 * tax estimate and shipping, fees, and the cart's lifecycle (reload, another process, site change).
 */

const JAR = { id: 'p-glass-jar', name: 'Glass Storage Jar 1 l' } // 12.00 USD, 120 in stock
const POWER_BANK = { id: 'p-power-bank' } // battery recycling fee 0.50 per unit

async function openProduct(page: Page, shop: RunningShop, productId: string) {
  await page.goto(`${shop.url}/p/x~${productId}`)
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}

async function add(page: Page, quantity: number) {
  await page.getByRole('textbox', { name: 'Quantity', exact: true }).fill(String(quantity))
  await page.getByRole('button', { name: 'Add to cart' }).click()
}

/** Adds and waits until the add has landed (its notification) and the panel has closed by itself. */
async function addAndSettle(page: Page, quantity: number) {
  await add(page, quantity)
  await page
    .getByRole('status')
    .filter({ hasText: `${quantity} added to your cart` })
    .waitFor()
  await cartDialog(page).waitFor({ state: 'hidden', timeout: 5000 })
}

const cartDialog = (page: Page) => page.getByRole('dialog', { name: 'Your cart' })

async function openCart(page: Page, units: number) {
  await page.getByRole('button', { name: `Open cart, ${units} items` }).click()
  const dialog = cartDialog(page)
  await dialog.waitFor()
  return dialog
}

async function token(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === 'shop_token')?.value ?? ''
}

for (const { engine, skip } of browserEngines) {
  describe(`cart journeys on ${engine}`, { skip }, () => {
    let shop: RunningShop
    before(async () => {
      shop = await startShop(engine)
    })
    after(async () => {
      await shop?.stop()
    })

    for (const [viewportName, viewport] of widthsOn(engine, import.meta.filename)) {
      const fresh = () => openPage({ viewport })

      test(`${viewportName}: the panel after an add, auto-close, quantities, error marks, remove`, async () => {
        const { context, page, errors } = await fresh()
        await openProduct(page, shop, JAR.id)
        await add(page, 2)
        await page.getByRole('status').filter({ hasText: '2 added to your cart' }).waitFor()
        const panel = cartDialog(page)
        await panel.waitFor()
        await page.getByRole('button', { name: 'Open cart, 2 items' }).waitFor({ state: 'attached' })
        // closes by itself 3 s after the add
        await panel.waitFor({ state: 'hidden', timeout: 5000 })

        // touched → stays open
        await add(page, 1)
        await panel.waitFor()
        await panel.getByRole('heading', { name: 'Your cart' }).click()
        await page.waitForTimeout(3600)
        assert.ok(await panel.isVisible(), 'a touched panel stays open')
        await panel.getByRole('button', { name: 'Close' }).click()
        await panel.waitFor({ state: 'hidden' })

        // add failure: more than in stock
        await add(page, 999)
        await page.getByText('The product could not be added to the cart. Please try again.').waitFor()

        const dialog = await openCart(page, 3)
        const quantity = dialog.getByRole('textbox', { name: `Quantity of ${JAR.name}` })
        assert.equal(await quantity.inputValue(), '3')
        await quantity.fill('5')
        await quantity.press('Enter')
        await page.getByRole('button', { name: 'Open cart, 5 items' }).waitFor({ state: 'attached' })
        await dialog.getByText('Subtotal (5 items)').waitFor()
        assert.ok((await dialog.locator('.totals').textContent())?.includes('$60.00'))
        for (const row of [
          'Subtotal (5 items)',
          'Shipping',
          'Calculated at checkout',
          'Total before shipping',
        ])
          await dialog.getByText(row, { exact: true }).waitFor()

        // an update the server refuses marks the line
        await quantity.fill('999')
        await quantity.press('Enter')
        await dialog.getByRole('alert').filter({ hasText: 'This item could not be updated.' }).waitFor()
        await quantity.fill('4')
        await quantity.press('Enter')
        await page.getByRole('button', { name: 'Open cart, 4 items' }).waitFor({ state: 'attached' })
        await dialog.getByText('This item could not be updated.').waitFor({ state: 'hidden' })

        // 0 removes
        await quantity.fill('0')
        await quantity.press('Enter')
        await dialog.getByText('Your cart is empty.').waitFor()
        await dialog.getByRole('button', { name: 'Close' }).click()
        await openProduct(page, shop, JAR.id)
        await addAndSettle(page, 1)
        const again = await openCart(page, 1)
        await again.getByRole('button', { name: `Remove ${JAR.name}` }).click()
        await again.getByText('Your cart is empty.').waitFor()
        assert.deepEqual(errors, [])
        await context.close()
      })

      test(`${viewportName}: a note per item: save, edit, empty removes, save and remove failures`, async () => {
        const { context, page, errors } = await fresh()
        await openProduct(page, shop, JAR.id)
        await addAndSettle(page, 1)
        const dialog = await openCart(page, 1)
        await dialog.getByRole('button', { name: `Add a note: ${JAR.name}` }).click()
        const note = dialog.getByRole('textbox', { name: `Note for ${JAR.name}` })
        await note.fill('Please gift wrap')
        await dialog.getByRole('button', { name: 'Save note' }).click()
        await dialog.getByText('Please gift wrap').waitFor()
        await dialog.getByRole('button', { name: `Edit note: ${JAR.name}` }).click()
        await note.fill('')
        await dialog.getByRole('button', { name: 'Save note' }).click()
        await dialog.getByRole('button', { name: `Add a note: ${JAR.name}` }).waitFor()
        assert.equal(await dialog.getByText('Please gift wrap').count(), 0)

        // the item disappears behind the shopper's back: saving and removing the note fail visibly
        const cartId = (await context.cookies()).find((c) => c.name === 'cart_id')?.value
        const headers = { authorization: `Bearer ${await token(context)}` }
        const cart = await (await fetch(`${shop.url}/api/cart/carts/${cartId}`, { headers })).json()
        await dialog.getByRole('button', { name: `Add a note: ${JAR.name}` }).click()
        const gone = await fetch(`${shop.url}/api/cart/carts/${cartId}/items/${cart.items[0].id}`, {
          method: 'DELETE',
          headers,
        })
        assert.equal(gone.status, 204)
        await note.fill('Too late')
        await dialog.getByRole('button', { name: 'Save note' }).click()
        await dialog.getByRole('alert').filter({ hasText: 'The note could not be saved.' }).waitFor()
        await note.fill('')
        await dialog.getByRole('button', { name: 'Save note' }).click()
        await dialog.getByRole('alert').filter({ hasText: 'The note could not be removed.' }).waitFor()
        assert.deepEqual(errors, [])
        await context.close()
      })

      test(`${viewportName}: coupons: every error message, apply, list, remove one, remove all`, async () => {
        const { context, page, errors } = await fresh()
        await openProduct(page, shop, JAR.id)
        await addAndSettle(page, 4) // 48.00 USD
        const dialog = await openCart(page, 4)
        const code = dialog.getByRole('textbox', { name: 'Coupon code' })
        const apply = dialog.getByRole('button', { name: 'Apply', exact: true })
        const expectError = async (value: string, message: string) => {
          await code.fill(value)
          await apply.click()
          await waitForOrTell(
            page,
            dialog.getByRole('alert').filter({ hasText: message }),
            `the alert "${message}"`,
          )
        }
        await expectError('', 'This coupon code is not valid.')
        await expectError('NOSUCHCODE', 'This coupon code is not valid.')
        await expectError('SUMMER2024', 'This coupon has expired.')
        await expectError('FIRST100', 'This coupon has been used up.')
        await expectError('MEMBERS20', 'Please sign in to use this coupon.')
        await expectError('SPAR5', 'This coupon cannot be used in the currency of your cart.')
        await expectError('BIG25', 'Your order total is too low for this coupon.')

        await code.fill('SAVE10')
        await apply.click()
        await dialog.getByRole('button', { name: 'Remove coupon SAVE10' }).waitFor()
        assert.equal(await code.inputValue(), '', 'the code field is cleared')
        await code.fill('WELCOME15')
        await apply.click()
        await dialog.getByRole('button', { name: 'Remove coupon WELCOME15' }).waitFor()
        // 10.00 + 15 % of 48.00 = 17.20
        await dialog.locator('.totals').getByText('-$17.20').waitFor()
        await dialog.getByRole('button', { name: 'Remove coupon SAVE10' }).click()
        await dialog.getByRole('button', { name: 'Remove coupon SAVE10' }).waitFor({ state: 'detached' })
        await dialog.locator('.totals').getByText('-$7.20').waitFor()
        await code.fill('SAVE10')
        await apply.click()
        await dialog.getByRole('button', { name: 'Remove all coupons' }).click()
        await dialog
          .getByRole('button', { name: /Remove coupon/ })
          .first()
          .waitFor({ state: 'detached' })
        assert.equal(await dialog.getByText('Discount', { exact: true }).count(), 0)
        assert.deepEqual(errors, [])
        await context.close()
      })

      test(`${viewportName}: tax estimate and shipping survive a reload and another server process; fees`, async () => {
        const { context, page, errors } = await fresh()
        await openProduct(page, shop, POWER_BANK.id)
        await addAndSettle(page, 2)
        let dialog = await openCart(page, 2)
        await dialog.getByText('Fees', { exact: true }).waitFor()
        assert.ok((await dialog.locator('.totals').textContent())?.includes('$1.00'), 'fee 2 × 0.50')

        await dialog.getByText('Estimate tax and shipping').click()
        const country = dialog.getByRole('combobox', { name: 'Country' })
        const zip = dialog.getByRole('textbox', { name: 'Zip code' })
        await country.selectOption('US')
        await dialog.getByRole('button', { name: 'Estimate', exact: true }).click()
        await dialog.getByRole('alert').filter({ hasText: 'Please enter a country and a zip code' }).waitFor()
        await zip.fill('10001')
        await dialog.getByRole('button', { name: 'Estimate', exact: true }).click()
        await dialog.getByText('Estimated for 10001, US').waitFor()
        await dialog.getByText('Sales tax 8.25 %').waitFor()

        const cartId = (await context.cookies()).find((c) => c.name === 'cart_id')?.value
        const headers = { authorization: `Bearer ${await token(context)}` }
        const api = await (await fetch(`${shop.url}/api/cart/carts/${cartId}`, { headers })).json()
        assert.equal(api.countryCode, 'US')
        const quote = await (
          await fetch(`${shop.url}/api/shipping/us/quote`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              cartTotal: { amount: api.subTotalPrice.amount, currency: 'USD' },
              shipToAddress: { countryCode: 'US' },
            }),
          })
        ).json()
        assert.equal(api.shippingCost.amount, quote[0].fee.amount, 'the cheapest method is the estimate')
        assert.equal(quote[0].selected, true)

        await page.reload()
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
        dialog = await openCart(page, 2)
        await dialog.getByText('Estimated for 10001, US').waitFor()

        // another process on the same database (a restart, or a second instance) serves the same cart
        const second = await startShop(engine, {}, { databaseUrl: shop.databaseUrl })
        try {
          await page.goto(`${second.url}/`)
          await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
          await page.getByRole('button', { name: 'Open cart, 2 items' }).waitFor({ state: 'attached' })
        } finally {
          await second.stop()
        }
        assert.deepEqual(errors, [])
        await context.close()
      })

      test(`${viewportName}: a site change moves the cart to the new currency`, async () => {
        const { context, page, errors } = await fresh()
        await openProduct(page, shop, JAR.id)
        await addAndSettle(page, 1)
        await page.locator('.site-selector > summary').first().click()
        const siteSelect = page.getByRole('combobox', { name: 'Site' }).first()
        await siteSelect.selectOption('de')
        assert.equal(await siteSelect.inputValue(), 'de')
        await page.getByRole('button', { name: 'Apply', exact: true }).first().click()
        // The settings post reloads the page: wait for the new page (site DE shown), then for its hydration.
        await page
          .locator('.site-selector > summary')
          .filter({ hasText: /^\s*DE\b/ })
          .first()
          .waitFor()
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
        const dialog = await openCart(page, 1)
        await dialog.locator('.cart-line__total').filter({ hasText: '€' }).waitFor()
        const cartId = (await context.cookies()).find((c) => c.name === 'cart_id')?.value
        const headers = { authorization: `Bearer ${await token(context)}` }
        const cart = await (await fetch(`${shop.url}/api/cart/carts/${cartId}`, { headers })).json()
        assert.equal(cart.siteCode, 'de')
        assert.equal(cart.currency, 'EUR')
        assert.deepEqual(errors, [])
        await context.close()
      })
    }
  })
}
