import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { browserEngines, openPage, widthsOn } from './support/browser.ts'
import { type RunningShop, startShop } from './support/shop.ts'

/**
 * The walking skeleton, as a shopper: home → category → product → add 2 → cart → guest checkout with the
 * test card → confirmation with order id and total; then the order is read back through the API.
 */

for (const { engine, skip } of browserEngines) {
  describe(`guest purchase journey on ${engine}`, { skip }, () => {
    let shop: RunningShop
    before(async () => {
      shop = await startShop(engine)
    })
    after(async () => {
      await shop?.stop()
    })

    for (const [viewportName, viewport] of widthsOn(engine, import.meta.filename)) {
      test(`${viewportName}: home → category → product → cart → checkout → confirmation`, async () => {
        const { context, page, errors: consoleErrors } = await openPage({ viewport })

        await page.goto(shop.url)
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
        await page.getByRole('button', { name: 'Previous slide' }).waitFor()
        const menuButton = page.getByRole('button', { name: 'Menu' })
        if (await menuButton.isVisible()) await menuButton.click()
        const menu = page.getByRole('navigation', { name: 'Main menu' })
        await menu.locator('summary', { hasText: 'Clothing' }).click()
        await menu.getByRole('link', { name: 'T-shirts' }).click()
        await page.waitForURL(/\/c\/t-shirts~c-tshirts/)
        await page.getByRole('link', { name: 'Classic Crew Tee' }).first().click()
        await page.waitForURL(/\/p\//)
        await page.getByRole('heading', { level: 1, name: /Classic Crew Tee/ }).waitFor()

        await page.getByRole('textbox', { name: 'Quantity' }).fill('2')
        await page.getByRole('button', { name: 'Add to cart' }).click()
        await page
          .getByRole('status')
          .filter({ hasText: /2 added/i })
          .waitFor()

        await page.getByRole('button', { name: 'Open cart, 2 items' }).click()
        const cart = page.getByRole('dialog', { name: 'Your cart' })
        await cart.waitFor()
        assert.equal(
          await cart
            .getByRole('textbox', { name: /Quantity of/ })
            .first()
            .inputValue(),
          '2',
        )
        await cart.getByRole('link', { name: 'Checkout' }).click()
        // Checkout needs sign-in or the guest option (spec §2): the sign-in dialog comes first.
        await page.waitForURL(/\/sign-in\?returnTo=%2Fcheckout&guest=offer/)
        const signIn = page.getByRole('dialog', { name: 'Sign in or create an account' })
        await signIn.getByRole('link', { name: 'Continue as guest' }).click()
        await page.waitForURL(/\/checkout\?guest=1/)
        const guestCookie = (await context.cookies()).find((c) => c.name === 'checkout_guest')
        assert.equal(guestCookie?.value, '1')
        assert.equal(guestCookie?.httpOnly, true)
        // The choice is remembered: /checkout itself now opens the wizard.
        await page.goto(`${shop.url}/checkout`)
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
        assert.equal(new URL(page.url()).pathname, '/checkout')

        // The four-step wizard (issue 6): billing, shipping, payment, review; phones show shipping first.
        const phone = viewportName === 'phone'
        const billing = async () => {
          const s = page.locator('#step1')
          await s.getByLabel('First name').fill('Ada')
          await s.getByLabel('Last name').fill('Lovelace')
          await s.getByLabel('E-mail', { exact: true }).fill('ada@example.com')
          await s.getByLabel('Confirm e-mail').fill('ada@example.com')
          await s.getByRole('button', { name: 'Continue' }).click()
        }
        const shipping = async () => {
          const s = page.locator('#step2')
          await s.getByLabel('Country').selectOption('US')
          await s.getByLabel('Full name').fill('Ada Lovelace')
          await s.getByLabel('Street and number').fill('1 Analytical Way')
          await s.getByLabel('City').fill('Springfield')
          await s.getByLabel('State', { exact: true }).selectOption('IL')
          await s.getByLabel('ZIP code').fill('62701')
          assert.notEqual(
            await s.getByLabel('Shipping method').inputValue(),
            '',
            'a shipping method is pre-selected',
          )
          await s.getByRole('button', { name: 'Continue' }).click()
        }
        if (phone) {
          await shipping()
          await billing()
        } else {
          await billing()
          await shipping()
        }
        const payment = page.locator('#step3')
        await payment.getByLabel('Card number').fill('4242 4242 4242 4242')
        await payment.getByLabel('Expiry month').selectOption('12')
        await payment.getByLabel('Expiry year').selectOption(String(new Date().getFullYear() + 1))
        await payment.getByLabel('Security code (CVC)').fill('123')
        await payment.getByRole('button', { name: 'Continue' }).click()
        await page.waitForURL(/#step4$/)
        await page.locator('#step4').getByTestId('review-total').waitFor()
        await page.locator('#step4').getByRole('button', { name: 'Place order' }).click()

        await page.waitForURL(/\/confirmation\/order\//, { timeout: 20_000 })
        const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').filter(Boolean)[2] ?? '')
        assert.match(orderId, /^ORD-/)
        await page.getByText(orderId).first().waitFor()
        await page.getByText('ada@example.com').first().waitFor()

        // The order exists through the API, for the shopper's own session.
        const cookies = await context.cookies()
        const token = cookies.find((c) => c.name === 'shop_token')?.value
        assert.ok(token, 'the storefront keeps the token in an HttpOnly cookie')
        assert.equal(cookies.find((c) => c.name === 'shop_token')?.httpOnly, true)
        const res = await fetch(`${shop.url}/api/order/orders/${orderId}`, {
          headers: { authorization: `Bearer ${token}` },
        })
        assert.equal(res.status, 200)
        const order = await res.json()
        assert.equal(order.status, 'CREATED')
        assert.equal(order.customer.email, 'ada@example.com')
        assert.equal(order.itemCount, 2)
        const shownTotal = await page.getByTestId('order-total').textContent()
        assert.ok(
          shownTotal?.includes(order.totalPrice.toFixed(2)),
          `confirmation shows ${order.totalPrice}: ${shownTotal}`,
        )
        assert.deepEqual(consoleErrors, [])
        await context.close()
      })
    }

    test('a product page is server-rendered: its HTML has the name and price without JavaScript', async () => {
      const products = await (
        await fetch(`${shop.url}/api/catalogue/products?pageSize=1&expand=prices&q=published:true`, {
          headers: { 'site-code': 'us', currency: 'USD' },
        })
      ).json()
      const product = products.find((p: { prices?: unknown[] }) => p.prices?.length) ?? products[0]
      const html = await (await fetch(`${shop.url}/p/x~${product.id}`)).text()
      assert.ok(html.includes(product.name), 'name in the HTML')
      const price = product.prices?.[0]?.effectiveAmount ?? product.priceRange?.minPrice.effectiveAmount
      assert.ok(html.includes(price.toFixed(2)), `price ${price} in the HTML`)
    })
  })
}
