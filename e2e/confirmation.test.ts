import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { BrowserContext, Page } from 'playwright-core'
import { browserEngines, openPage, viewports, widthsOn } from './support/browser.ts'
import { type RunningShop, startShop } from './support/shop.ts'
import { startSmtp, uniqueEmail } from './support/smtp.ts'

/**
 * The order confirmation (spec §2, issue 6) in a real browser: what it shows, the confirmation mail read from a
 * loopback SMTP server, and the guest's sign-up after purchase. The order is placed with the API calls the
 * checkout page makes, from inside the page (the browser's own HttpOnly token cookie, same origin), so the
 * journey does not depend on the checkout screens.
 */
const PASSWORD = 'after-purchase-1'
async function ready(page: Page, url: string) {
  await page.goto(url)
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}

interface Placed {
  orderId: string
  total: number
  subtotal: number
  discount: number
  tax: number
  shipping: number
  units: number
}

/**
 * A cart with one unit of a priced product that is in stock, made from inside the page with its cookies (the
 * calls the storefront makes; the demo's stock is small, so products are tried in turn).
 */
function guestCart(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const json = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json', 'site-code': 'us', currency: 'USD' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return { status: res.status, body: await res.json().catch(() => null) }
    }
    const products = await json('GET', '/api/catalogue/products?pageSize=30&expand=prices&q=published:true')
    const cart = await json('POST', '/api/cart/carts', { siteCode: 'us', currency: 'USD' })
    for (const product of products.body) {
      if (!product.prices?.length || product.hasVariants) continue
      const added = await json('POST', `/api/cart/carts/${cart.body.cartId}/items`, {
        productId: product.id,
        quantity: 1,
      })
      if (added.status === 201) return cart.body.cartId as string
    }
    throw new Error('no product in stock')
  })
}

/**
 * Orders the cart as a guest from inside the page: zones, card token (test provider), then the order (the first
 * try learns the server's total from total_changed), as the checkout page does.
 */
function orderCart(page: Page, cartId: string, email: string, coupon?: string): Promise<Placed> {
  return page.evaluate(
    async ({ cartId, email, coupon }) => {
      const json = async (method: string, url: string, body?: unknown) => {
        const res = await fetch(url, {
          method,
          headers: { 'content-type': 'application/json', 'site-code': 'us', currency: 'USD' },
          body: body === undefined ? undefined : JSON.stringify(body),
        })
        return { status: res.status, body: await res.json().catch(() => null) }
      }
      if (coupon) {
        const applied = await json('POST', `/api/cart/carts/${cartId}/discounts`, { code: coupon })
        if (applied.status !== 201)
          throw new Error(`coupon: ${applied.status} ${JSON.stringify(applied.body)}`)
      }
      const zones = await json('GET', '/api/shipping/us/zones?expand=methods,fees&activeMethods=true')
      const zone = zones.body.find((z: { methods?: unknown[] }) => z.methods?.length)
      const card = await json('POST', '/api/payments/test-card/tokens', {
        number: '4242424242424242',
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 2,
        cvc: '123',
      })
      const address = (type: string) => ({
        type,
        contactName: 'Grace Hopper',
        companyName: 'Compilers Inc',
        street: '7 Harbour Road',
        city: 'Arlington',
        state: 'VA',
        zipCode: '22201',
        country: 'US',
      })
      const order = (totalPrice: number) =>
        json('POST', '/api/checkout/checkouts/order', {
          cartId,
          payment: { paymentId: 'test-card', customAttributes: { token: card.body.id } },
          currency: 'USD',
          shipping: { methodId: zone.methods[0].id, zoneId: zone.id, amount: 0 },
          totalPrice,
          addresses: [address('SHIPPING'), address('BILLING')],
          customer: { firstName: 'Grace', lastName: 'Hopper', email },
        })
      const probe = await order(0)
      const total = Number(probe.body?.details?.[0]?.message)
      const placed = await order(total)
      if (placed.status !== 201) throw new Error(`order: ${placed.status} ${JSON.stringify(placed.body)}`)
      const view = await json('GET', `/api/order/orders/${placed.body.orderId}`)
      return {
        orderId: placed.body.orderId as string,
        total,
        subtotal: view.body.subTotalPrice as number,
        discount: view.body.totalDiscount as number,
        tax: view.body.tax.amount as number,
        shipping: view.body.shipping.total.amount as number,
        units: view.body.itemCount as number,
      }
    },
    { cartId, email, coupon },
  )
}

async function placeGuestOrder(page: Page, email: string, coupon?: string): Promise<Placed> {
  return orderCart(page, await guestCart(page), email, coupon)
}

for (const { engine, skip } of browserEngines) {
  describe(`order confirmation journeys on ${engine}`, { skip }, () => {
    let shop: RunningShop
    let smtp: Awaited<ReturnType<typeof startSmtp>>
    before(async () => {
      smtp = await startSmtp()
      shop = await startShop(engine, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` })
    })
    after(async () => {
      await shop?.stop()
      await smtp?.close()
    })

    async function newPage(
      viewport: { width: number; height: number } = viewports.desktop,
      locale = 'en-US',
    ): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
      return openPage({ viewport, locale })
    }

    const money = (amount: number) => `$${amount.toFixed(2)}`
    const cookie = async (context: BrowserContext, name: string) =>
      (await context.cookies()).find((c) => c.name === name)?.value ?? ''

    for (const [name, viewport] of widthsOn(engine, import.meta.filename)) {
      test(`${name}: a guest sees the confirmation, gets the mail, signs up after purchase and signs out`, async () => {
        const { context, page, errors } = await newPage(viewport)
        const email = uniqueEmail(`guest-${name}`)
        await ready(page, `${shop.url}/`)
        const cartId = await guestCart(page)
        // The storefront's cart and the guest option of the sign-in dialog (the HttpOnly checkout_guest cookie).
        await context.addCookies([{ name: 'cart_id', value: cartId, url: shop.url, httpOnly: true }])
        await ready(page, `${shop.url}/checkout?guest=1`)
        assert.equal(await cookie(context, 'checkout_guest'), '1')
        const order = await orderCart(page, cartId, email, 'WELCOME15')
        assert.ok(order.discount > 0, 'the coupon took effect')
        await ready(page, `${shop.url}/confirmation/order/${order.orderId}`)

        await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor()
        assert.equal(await page.getByTestId('order-id').textContent(), order.orderId)
        await page.getByText(`A confirmation has been sent to ${email}.`).waitFor()
        await page.getByText(order.units === 1 ? '1 item' : `${order.units} items`).waitFor()
        const address = await page.locator('address').innerText()
        assert.match(address, /Grace Hopper\s+Compilers Inc\s+7 Harbour Road\s+Arlington, VA 22201\s+US/)
        assert.equal(await page.getByTestId('order-total').textContent(), money(order.total))
        const totals = await page.locator('.totals').innerText()
        assert.ok(totals.includes(money(order.subtotal)), totals)
        assert.match(totals, new RegExp(`Discount \\(WELCOME15\\)\\s+-\\$${order.discount.toFixed(2)}`))
        assert.ok(totals.includes(money(order.shipping)), totals)
        if (order.tax > 0) assert.ok(totals.includes(money(order.tax)), totals)
        await page.getByRole('main').getByRole('link', { name: '+1 (800) 555-0142' }).waitFor()
        assert.equal(
          await page.getByRole('link', { name: order.orderId }).count(),
          0,
          'a guest has no order detail page to link to',
        )

        const mail = await smtp.textFor(email)
        assert.match(mail, new RegExp(`Subject: Your order ${order.orderId}`))
        assert.ok(mail.includes(`Total: ${money(order.total)}`), mail)
        assert.match(mail, /7 Harbour Road/)
        assert.ok(mail.includes(`Discount (WELCOME15): -${money(order.discount)}`), mail)
        assert.ok(!mail.includes('Discount: '), 'no unnamed discount line')

        // Another browser (another session) cannot open this guest's confirmation.
        const stranger = await newPage()
        const foreign = await stranger.page.goto(`${shop.url}/confirmation/order/${order.orderId}`)
        assert.equal(foreign?.status(), 404)
        await stranger.context.close()

        const form = page.getByRole('region', { name: 'Create an account' })
        await form.getByText(`Your account uses ${email}.`).waitFor()
        await form.getByLabel('Password', { exact: true }).fill(PASSWORD)
        await form.getByLabel('Confirm password').fill('something-else-1')
        await form.getByRole('button', { name: 'Create account' }).click()
        await form.getByRole('alert').filter({ hasText: 'The passwords do not match.' }).waitFor()
        await form.getByLabel('Password', { exact: true }).fill(PASSWORD)
        await form.getByLabel('Confirm password').fill(PASSWORD)
        await form.getByRole('button', { name: 'Create account' }).click()
        await page.getByRole('status').filter({ hasText: 'Your account has been created' }).waitFor()
        await page.getByRole('link', { name: 'My account' }).waitFor()
        assert.equal(await form.count(), 0, 'the offer is gone once signed in')

        // The order id now opens the order in the account.
        await page.getByRole('link', { name: order.orderId }).click()
        await page.waitForURL(new RegExp(`/account/orders/${order.orderId}$`))
        await page.getByTestId('order-status').waitFor()
        // The account's order names its discount by the coupon, as the confirmation page does.
        const detail = await page.getByRole('main').innerText()
        assert.match(detail, new RegExp(`Discount \\(WELCOME15\\)\\s+[−-]\\$${order.discount.toFixed(2)}`))

        await ready(page, `${shop.url}/account`)
        assert.equal(await page.getByTestId('customer-email').textContent(), email)
        await page.getByRole('row').filter({ hasText: order.orderId }).waitFor()
        await page.getByRole('button', { name: 'Sign out' }).first().click()
        await page.getByRole('link', { name: 'Sign in', exact: true }).waitFor()
        assert.equal(await cookie(context, 'checkout_guest'), '', 'sign-out forgets the guest choice')

        const login = await fetch(`${shop.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: PASSWORD }),
        })
        assert.equal(login.status, 200)
        assert.deepEqual(errors, [])
        await context.close()
      })
    }

    test('sign-up after purchase with an e-mail that has an account shows the §8 message', async () => {
      const { context, page } = await newPage()
      const email = uniqueEmail('taken')
      const signup = await fetch(`${shop.url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      })
      assert.equal(signup.status, 201)
      await ready(page, `${shop.url}/`)
      const order = await placeGuestOrder(page, email)
      await ready(page, `${shop.url}/confirmation/order/${order.orderId}`)
      const form = page.getByRole('region', { name: 'Create an account' })
      await form.getByLabel('Password', { exact: true }).fill('another-pass-2')
      await form.getByLabel('Confirm password').fill('another-pass-2')
      await form.getByRole('button', { name: 'Create account' }).click()
      await form
        .getByRole('alert')
        .filter({ hasText: 'An account with this e-mail already exists.' })
        .waitFor()
      assert.equal(await page.getByRole('link', { name: 'My account' }).count(), 0)
      await context.close()
    })

    test('German: the confirmation page and the confirmation mail follow the shopper’s language', async () => {
      const { context, page } = await newPage(viewports.phone, 'de-DE')
      await context.addCookies([{ name: 'language', value: 'de', url: shop.url }])
      const email = uniqueEmail('german')
      await ready(page, `${shop.url}/`)
      const order = await placeGuestOrder(page, email, 'WELCOME15')
      await ready(page, `${shop.url}/confirmation/order/${order.orderId}`)
      await page.getByRole('heading', { name: 'Vielen Dank für Ihre Bestellung!' }).waitFor()
      await page.getByRole('region', { name: 'Konto anlegen' }).waitFor()
      const mail = await smtp.textFor(email)
      assert.match(mail, new RegExp(`Subject: Ihre Bestellung ${order.orderId}`))
      assert.match(mail, /Bestellnummer: /)
      assert.match(mail, /Lieferadresse:/)
      const discount = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'USD' }).format(
        -order.discount,
      )
      assert.ok(mail.includes(`Rabatt (WELCOME15): ${discount}`), mail)
      assert.ok(!mail.includes('Rabatt: '), 'no unnamed discount line')
      await context.close()
    })
  })
}
