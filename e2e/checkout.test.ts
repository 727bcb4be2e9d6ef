import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Page } from 'playwright-core'
import { browserEngines, openPage, widthsOn } from './support/browser.ts'
import {
  addJar,
  addressSteps,
  CARDS,
  cont,
  fillCard,
  fillShipping,
  JAR,
  orderIdFromUrl,
  placeOrder,
  ready,
  step,
  toReview,
} from './support/checkout.ts'
import { type RunningShop, startShop } from './support/shop.ts'

/**
 * The four-step checkout wizard (issue 6) as shoppers use it, on desktop and phone: guest and signed-in
 * purchases, each test card outcome, step flags, validation messages, the edit-cart rule and double submit.
 */

const PASSWORD = 'correct-horse-1'

async function signUpByApi(shop: RunningShop, email: string) {
  const res = await fetch(`${shop.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, firstName: 'Grace', lastName: 'Hopper' }),
  })
  assert.equal(res.status, 201, await res.clone().text())
  return (await res.json()) as { accessToken: string }
}

async function addAddress(shop: RunningShop, token: string, address: Record<string, unknown>) {
  const res = await fetch(`${shop.url}/api/customer/me/addresses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(address),
  })
  assert.equal(res.status, 201, await res.clone().text())
}

let emails = 0
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${emails++}@example.com`

for (const { engine, skip } of browserEngines) {
  describe(`checkout wizard on ${engine}`, { skip }, () => {
    let shop: RunningShop
    before(async () => {
      shop = await startShop(engine)
    })
    after(async () => {
      await shop?.stop()
    })

    for (const [viewportName, viewport] of widthsOn(engine, import.meta.filename)) {
      const phone = viewportName === 'phone'
      const fresh = async (url?: string) => {
        const { context, page, errors } = await openPage({ viewport })
        if (url) await ready(page, url)
        return { context, page, errors }
      }
      const guestCheckout = async (page: Page, quantity = 1) => {
        await addJar(page, shop, quantity)
        await ready(page, `${shop.url}/checkout?guest=1`)
      }

      test(`${viewportName}: guest checkout end to end, anchors, phone preview and step order`, async () => {
        const { context, page, errors } = await fresh()
        await guestCheckout(page, 2)
        await step(page, 4).waitFor()
        const ids = await page.locator('.wizard > section').evaluateAll((s) => s.map((e) => e.id))
        assert.deepEqual(
          ids,
          phone ? ['step2', 'step1', 'step3', 'step4'] : ['step1', 'step2', 'step3', 'step4'],
        )
        if (phone) {
          const preview = page.locator('details.checkout-preview')
          await preview.locator('summary').click()
          await preview.getByText(JAR.name).waitFor()
          await preview.locator('summary').click()
        }
        await addressSteps(page, phone)
        await page.waitForURL(/#step3$/)
        await fillCard(page, CARDS.ok)
        await page.waitForURL(/#step4$/)
        const shown = (await step(page, 4).getByTestId('review-total').textContent()) ?? ''
        await placeOrder(page).click()
        const orderId = await orderIdFromUrl(page)
        assert.match(orderId, /^ORD-/)
        await page.getByText('ada@example.com').first().waitFor()
        const token = (await context.cookies()).find((c) => c.name === 'shop_token')?.value
        const res = await fetch(`${shop.url}/api/order/orders/${orderId}`, {
          headers: { authorization: `Bearer ${token}` },
        })
        assert.equal(res.status, 200)
        const order = await res.json()
        assert.equal(order.itemCount, 2)
        assert.equal(order.shippingAddress.state, 'IL')
        assert.ok(
          shown.includes(order.totalPrice.toFixed(2)),
          `review showed ${shown}, order ${order.totalPrice}`,
        )
        // The cart is reset: checkout now sends the shopper to all products with the cart open.
        await page.goto(`${shop.url}/checkout`)
        assert.match(page.url(), /cart=open/)
        assert.deepEqual(errors, [])
        await context.close()
      })

      test(`${viewportName}: validation messages on untouched fields, templates, expiry lists, card field errors`, async () => {
        const { context, page, errors } = await fresh()
        await guestCheckout(page)
        const first = phone ? 2 : 1
        await cont(page, first).click()
        await step(page, first).getByText('Please correct the errors above.').waitFor()
        const required = await step(page, first).getByText('This field is required.').count()
        assert.ok(required >= 3, `required messages on untouched fields: ${required}`)
        if (phone) await fillShipping(page)
        const s1 = step(page, 1)
        await s1.getByLabel('First name').fill('Ada')
        await s1.getByLabel('Last name').fill('Lovelace')
        await s1.getByLabel('E-mail', { exact: true }).fill('ada@example.com')
        await s1.getByLabel('Confirm e-mail').fill('ada@example.org')
        await cont(page, 1).click()
        await s1.getByText('The e-mail addresses do not match.').waitFor()
        await s1.getByLabel('Confirm e-mail').fill('ada@example.com')
        // Billing is not restricted to shipping countries and has its own templates.
        await s1.getByLabel('Billing address is the same as the shipping address').uncheck()
        await s1.getByLabel('Country').selectOption('JP')
        await s1.getByLabel('State (optional)').waitFor()
        await s1.getByLabel('Country').selectOption('DE')
        assert.equal(await s1.getByLabel('State (optional)').count(), 0, 'no state for DE')
        await s1.getByLabel('Postal code').fill('1')
        await cont(page, 1).click()
        await s1.getByText('This entry is too short.').waitFor()
        await s1.getByLabel('Billing address is the same as the shipping address').check()
        await cont(page, 1).click()
        if (!phone) {
          const s2 = step(page, 2)
          const shipCountries = await s2.getByLabel('Country').locator('option').allTextContents()
          assert.ok(!shipCountries.includes('Japan'), 'shipping offers only countries a zone serves')
          await s2.getByLabel('Country').selectOption('CA')
          await s2.getByLabel('Province').waitFor()
          await fillShipping(page)
        }
        const s3 = step(page, 3)
        const months = await s3.getByLabel('Expiry month').locator('option').allTextContents()
        assert.deepEqual(months.slice(1), [
          '01',
          '02',
          '03',
          '04',
          '05',
          '06',
          '07',
          '08',
          '09',
          '10',
          '11',
          '12',
        ])
        const years = await s3.getByLabel('Expiry year').locator('option').allTextContents()
        const now = new Date().getFullYear()
        assert.deepEqual(
          years.slice(1),
          Array.from({ length: 10 }, (_, i) => String(now + i)),
        )
        await cont(page, 3).click()
        assert.equal(await s3.getByText('This field is required.').count(), 3)
        // A number the provider refuses (bad check digit) maps to the number field.
        await fillCard(page, '4242 4242 4242 4241')
        await s3.getByText('The card number is not valid.').waitFor()
        assert.equal(await s3.getByLabel('Card number').getAttribute('aria-invalid'), 'true')
        assert.deepEqual(errors, [])
        await context.close()
      })

      test(`${viewportName}: declined and insufficient-funds cards show the §8 message, then a good card succeeds`, async () => {
        const { context, page, errors } = await fresh()
        await guestCheckout(page)
        await toReview(page, phone, CARDS.declined)
        await placeOrder(page).click()
        const s3 = step(page, 3)
        await s3.getByText('The card was declined.').waitFor()
        await s3.getByText('Order could not be processed.').waitFor()
        await s3.getByText(/^402: /).waitFor()
        assert.equal(await page.getByRole('alertdialog').count(), 0, 'the processing dialog has closed')
        await fillCard(page, CARDS.noFunds)
        await step(page, 4).getByTestId('review-total').waitFor()
        await placeOrder(page).click()
        await s3.getByText('The card has insufficient funds.').waitFor()
        await fillCard(page, CARDS.ok)
        await step(page, 4).getByTestId('review-total').waitFor()
        await placeOrder(page).click()
        assert.match(await orderIdFromUrl(page), /^ORD-/)
        assert.deepEqual(errors, [])
        await context.close()
      })

      test(`${viewportName}: editing a step clears its flag and the later ones; a cart total change returns to step 2`, async () => {
        const { context, page, errors } = await fresh()
        await guestCheckout(page)
        await toReview(page, phone)
        const editButtons = () =>
          page.getByRole('button', { name: /^Edit (Billing details|Shipping|Payment)$/ }).allTextContents()
        assert.deepEqual((await editButtons()).length, 3)
        await page.getByRole('button', { name: 'Edit Payment' }).click()
        await cont(page, 3).waitFor()
        assert.deepEqual((await editButtons()).sort(), ['Edit Billing details', 'Edit Shipping'])
        await cont(page, 3).click()
        await step(page, 4).getByTestId('review-total').waitFor()
        await page.getByRole('button', { name: 'Edit Shipping' }).click()
        await cont(page, 2).waitFor()
        assert.deepEqual(await editButtons(), ['Edit Billing details'])
        await cont(page, 2).click()
        await cont(page, 3).click()
        await step(page, 4).getByTestId('review-total').waitFor()
        await page.getByRole('button', { name: 'Edit Billing details' }).click()
        await cont(page, phone ? 2 : 1).waitFor()
        assert.deepEqual(await editButtons(), [])
        if (phone) {
          // Phones: shipping first; its flag was cleared too, so it is the open step.
          await cont(page, 2).click()
        }
        await cont(page, 1).click()
        if (!phone) await cont(page, 2).click()
        await cont(page, 3).click()
        const before = await step(page, 4).getByTestId('review-total').textContent()
        // The edit-cart panel: a quantity change that changes the total sends the shopper back to step 2.
        await page.getByRole('button', { name: 'Edit cart' }).click()
        const panel = page.getByRole('region', { name: 'Edit cart' })
        await panel.getByRole('textbox', { name: /Quantity of/ }).fill('3')
        await panel.getByRole('textbox', { name: /Quantity of/ }).press('Enter')
        await page.getByText('Subtotal (3 items)').first().waitFor({ state: 'attached' })
        await page.getByRole('button', { name: 'Done editing' }).click()
        await page.getByText('Your cart total changed. Please check the shipping step again.').waitFor()
        await cont(page, 2).waitFor()
        assert.deepEqual(await editButtons(), ['Edit Billing details'])
        await cont(page, 2).click()
        await cont(page, 3).click()
        const after = await step(page, 4).getByTestId('review-total').textContent()
        assert.notEqual(after, before)
        assert.deepEqual(errors, [])
        await context.close()
      })

      test(`${viewportName}: signed-in customer picks from the address book; a double click places one order`, async () => {
        const email = uniqueEmail(`book-${viewportName}`)
        const { accessToken } = await signUpByApi(shop, email)
        const home = {
          contactName: 'Grace Hopper',
          street: '7 Compiler Road',
          city: 'Arlington',
          state: 'VA',
          zipCode: '22201',
          country: 'US',
        }
        await addAddress(shop, accessToken, { ...home, isDefault: true })
        await addAddress(shop, accessToken, {
          contactName: 'Grace Hopper',
          street: '1 Chome',
          city: 'Tokyo',
          zipCode: '100-0001',
          country: 'JP',
        })
        const { context, page, errors } = await fresh()
        await addJar(page, shop)
        await ready(page, `${shop.url}/sign-in?returnTo=%2Fcheckout`)
        const dialog = page.getByRole('dialog', { name: 'Sign in or create an account' })
        await dialog.getByLabel('E-mail').fill(email)
        await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD)
        await dialog.getByRole('button', { name: 'Sign in', exact: true }).click()
        await page.waitForURL(/\/checkout/)
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
        // Details come from the account; the default (shippable) address fills shipping.
        const s2 = step(page, 2)
        if (!phone) {
          assert.equal(await step(page, 1).getByLabel('First name').inputValue(), 'Grace')
          assert.equal(await step(page, 1).getByLabel('Confirm e-mail').count(), 0)
          await cont(page, 1).click()
        }
        assert.equal(await s2.getByLabel('Street and number').inputValue(), '7 Compiler Road')
        const tokyo = s2.getByRole('radio', { name: /Tokyo/ })
        assert.equal(
          await tokyo.isDisabled(),
          true,
          'an address in a country no zone serves cannot be picked',
        )
        await s2.getByText('We cannot ship to this address.').waitFor()
        await s2.getByLabel('Street and number').fill('elsewhere 9')
        await s2.getByRole('radio', { name: /7 Compiler Road/ }).check()
        assert.equal(await s2.getByLabel('Street and number').inputValue(), '7 Compiler Road')
        await cont(page, 2).click()
        if (phone) await cont(page, 1).click()
        await fillCard(page, CARDS.ok)
        await step(page, 4).getByTestId('review-total').waitFor()
        await placeOrder(page).dblclick()
        await orderIdFromUrl(page)
        const res = await fetch(`${shop.url}/api/order/orders?pageSize=50`, {
          headers: { authorization: `Bearer ${accessToken}` },
        })
        assert.equal(res.status, 200)
        const orders = (await res.json()) as Array<{ shippingAddress: { street: string } }>
        assert.equal(orders.length, 1, 'a double click creates one order')
        assert.equal(orders[0]?.shippingAddress.street, '7 Compiler Road')
        assert.deepEqual(errors, [])
        await context.close()
      })
    }
  })
}
