import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { OAuth2Server } from 'oauth2-mock-server'
import type { Page } from 'playwright-core'
import {
  browserEngines,
  launchBrowser,
  openPage,
  viewports,
  waitForOrTell,
  widthsOn,
} from './support/browser.ts'
import { shopper } from './support/orders.ts'
import { type RunningShop, startShop } from './support/shop.ts'
import { startSmtp, uniqueEmail } from './support/smtp.ts'

/**
 * Identity and account journeys (issue 5) in a real browser against the real shop: sign-up, sign-in errors,
 * sign-out, protected screens, password reset / e-mail change / account deletion with the mail read from a
 * loopback SMTP server, the address book, orders with cancel, and Google sign-in against a loopback OpenID
 * Connect server.
 */
const PASSWORD = 'correct-horse-1'
const GOOGLE_CLIENT = 'shop-e2e-client'
async function startIssuer(email: () => string) {
  const server = new OAuth2Server()
  await server.issuer.keys.generate('RS256')
  server.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, {
      aud: GOOGLE_CLIENT,
      sub: `g-${email()}`,
      email: email(),
      email_verified: true,
      given_name: 'Grace',
      family_name: 'Google',
    })
  })
  await server.start(0, '127.0.0.1')
  return { url: server.issuer.url as string, stop: () => server.stop() }
}

/**
 * A loopback stand-in for Facebook: the OAuth dialog (redirects straight back with a code), the code exchange,
 * and the Graph API's debug_token and /me that the shop server uses to verify the user access token.
 */
async function startFacebook(email: () => string) {
  const APP = '4242'
  const SECRET = 'fb-secret'
  const codes = new Map<string, string>()
  const tokens = new Map<string, string>()
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://facebook')
    const q = url.searchParams
    res.setHeader('content-type', 'application/json')
    if (url.pathname === '/dialog/oauth') {
      const code = `code-${codes.size + 1}`
      codes.set(code, email())
      const back = new URL(q.get('redirect_uri') ?? '')
      back.searchParams.set('code', code)
      back.searchParams.set('state', q.get('state') ?? '')
      return res.writeHead(302, { location: back.toString() }).end()
    }
    if (url.pathname === '/v19.0/oauth/access_token') {
      const user = codes.get(q.get('code') ?? '')
      if (!user || q.get('client_secret') !== SECRET || q.get('client_id') !== APP)
        return res.writeHead(400).end('{}')
      const token = `fb-user-token-${tokens.size + 1}`
      tokens.set(token, user)
      return res.end(JSON.stringify({ access_token: token, token_type: 'bearer' }))
    }
    if (url.pathname === '/v19.0/debug_token') {
      const user = tokens.get(q.get('input_token') ?? '')
      if (q.get('access_token') !== `${APP}|${SECRET}`) return res.writeHead(400).end('{}')
      return res.end(
        JSON.stringify({
          data: user ? { is_valid: true, app_id: APP, user_id: `fb-${user}` } : { is_valid: false },
        }),
      )
    }
    if (url.pathname === '/v19.0/me') {
      const user = tokens.get(q.get('access_token') ?? '')
      if (!user) return res.writeHead(401).end('{}')
      return res.end(JSON.stringify({ id: `fb-${user}`, email: user, first_name: 'Faye', last_name: 'Book' }))
    }
    res.writeHead(404).end('{}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    env: {
      FACEBOOK_GRAPH_URL: `${origin}/v19.0`,
      FACEBOOK_DIALOG_URL: `${origin}/dialog/oauth`,
      FACEBOOK_APP_ID: APP,
      FACEBOOK_APP_SECRET: SECRET,
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

async function ready(page: Page, url: string) {
  await page.goto(url)
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}

async function signUpByApi(shop: RunningShop, email: string) {
  const res = await fetch(`${shop.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace' }),
  })
  assert.equal(res.status, 201, await res.clone().text())
  return (await res.json()) as { accessToken: string; customerId: string }
}

/** Opens the sign-in dialog from the top bar and signs in. */
async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByRole('link', { name: 'Sign in', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Sign in or create an account' })
  await dialog.getByLabel('E-mail').fill(email)
  await dialog.getByLabel('Password', { exact: true }).fill(password)
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click()
  return dialog
}

for (const { engine, skip } of browserEngines) {
  describe(`identity and account journeys on ${engine}`, { skip }, () => {
    let shop: RunningShop
    let smtp: Awaited<ReturnType<typeof startSmtp>>
    let issuer: Awaited<ReturnType<typeof startIssuer>>
    let googleEmail = 'grace@example.com'
    let facebookEmail = 'faye@example.com'
    let facebook: Awaited<ReturnType<typeof startFacebook>>
    before(async () => {
      facebook = await startFacebook(() => facebookEmail)
      smtp = await startSmtp()
      issuer = await startIssuer(() => googleEmail)
      shop = await startShop(engine, {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        GOOGLE_ISSUER: issuer.url,
        GOOGLE_CLIENT_ID: GOOGLE_CLIENT,
        ...facebook.env,
      })
    })
    after(async () => {
      await shop?.stop()
      await smtp?.close()
      await issuer?.stop()
      await facebook?.close()
    })

    async function newPage(viewport: { width: number; height: number } = viewports.desktop) {
      return openPage({ viewport })
    }

    for (const [name, viewport] of widthsOn(engine, import.meta.filename)) {
      test(`${name}: sign up in the dialog, see the account, sign out`, async () => {
        const { context, page, errors } = await newPage(viewport)
        const email = uniqueEmail(`signup-${name}`)
        await ready(page, `${shop.url}/`)
        await page.getByRole('link', { name: 'Sign in', exact: true }).click()
        const dialog = page.getByRole('dialog', { name: 'Sign in or create an account' })
        await dialog.getByRole('tab', { name: 'New customer' }).click()
        await dialog.getByLabel('First name').fill('Ada')
        await dialog.getByLabel('Last name').fill('Lovelace')
        await dialog.getByLabel('E-mail').fill(email)
        await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD)
        await dialog.getByLabel('Confirm password').fill('something-else')
        await dialog.getByRole('button', { name: 'Create account' }).click()
        await dialog.getByText('The passwords do not match.').waitFor()
        await dialog.getByLabel('Confirm password').fill(PASSWORD)
        await dialog.getByRole('button', { name: 'Create account' }).click()
        await page.getByRole('link', { name: 'My account' }).waitFor()
        const token = (await context.cookies()).find((c) => c.name === 'shop_token')
        assert.equal(token?.httpOnly, true)
        // The browser is now known to the account: it passes an account-wide lock (ADR 0031).
        const device = (await context.cookies()).find((c) => c.name === 'shop_device')
        assert.equal(device?.httpOnly, true)
        assert.ok((device?.expires ?? 0) > Date.now() / 1000 + 300 * 86400, 'kept for about a year')

        await page.getByRole('link', { name: 'My account' }).click()
        await page.waitForURL(/\/account$/)
        assert.equal(await page.getByTestId('customer-email').textContent(), email)
        assert.match((await page.getByTestId('customer-name').textContent()) ?? '', /Ada Lovelace/)

        // Signing out on a protected screen goes home, and the token is revoked.
        await page.getByRole('button', { name: 'Sign out' }).first().click()
        await page.getByRole('link', { name: 'Sign in', exact: true }).waitFor()
        assert.equal(new URL(page.url()).pathname, '/')
        const revoked = await fetch(`${shop.url}/api/customer/me`, {
          headers: { authorization: `Bearer ${token?.value}` },
        })
        assert.equal(revoked.status, 401)
        assert.deepEqual(errors, [])
        await context.close()
      })
    }

    for (const [name, viewport] of widthsOn(engine, import.meta.filename)) {
      test(`${name}: sign-in and sign-up errors show the §8 messages`, async () => {
        const { context, page } = await newPage(viewport)
        const email = uniqueEmail('errors')
        await signUpByApi(shop, email)
        await ready(page, `${shop.url}/`)
        const dialog = await signIn(page, email, 'wrong-password')
        await dialog
          .getByRole('alert')
          .filter({ hasText: 'The e-mail or password is not correct.' })
          .waitFor()

        await dialog.getByRole('tab', { name: 'New customer' }).click()
        await dialog.getByLabel('E-mail').fill(email)
        await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD)
        await dialog.getByLabel('Confirm password').fill(PASSWORD)
        await dialog.getByRole('button', { name: 'Create account' }).click()
        await dialog
          .getByRole('alert')
          .filter({ hasText: 'An account with this e-mail already exists.' })
          .waitFor()

        await dialog.getByLabel('E-mail').fill(uniqueEmail('badpw'))
        await dialog.getByLabel('Password', { exact: true }).fill('äöüäöüäöü')
        await dialog.getByLabel('Confirm password').fill('äöüäöüäöü')
        await dialog.getByRole('button', { name: 'Create account' }).click()
        await dialog
          .getByRole('alert')
          .filter({ hasText: /The password must have 8 to 128 characters/ })
          .waitFor()

        // Escape closes the dialog (a real modal).
        await page.keyboard.press('Escape')
        await dialog.waitFor({ state: 'hidden' })
        await context.close()
      })
    }

    for (const [name, viewport] of widthsOn(engine, import.meta.filename)) {
      test(`${name}: a protected screen opens sign-in and returns there`, async () => {
        const { context, page } = await newPage(viewport)
        const email = uniqueEmail('protected')
        await signUpByApi(shop, email)
        await ready(page, `${shop.url}/account`)
        assert.match(page.url(), /\/sign-in\?returnTo=%2Faccount/)
        const dialog = page.getByRole('dialog', { name: 'Sign in or create an account' })
        await dialog.getByLabel('E-mail').fill(email)
        await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD)
        await dialog.getByRole('button', { name: 'Sign in', exact: true }).click()
        await page.waitForURL(/\/account$/)
        await page.getByRole('heading', { name: 'Customer details' }).waitFor()
        await context.close()
      })
    }

    test('without JavaScript, /sign-in shows the form and signs in by a plain post', async () => {
      const browser = await launchBrowser()
      const context = await browser.newContext({ javaScriptEnabled: false })
      const page = await context.newPage()
      const email = uniqueEmail('nojs')
      await signUpByApi(shop, email)
      await page.goto(`${shop.url}/account`)
      assert.match(page.url(), /\/sign-in\?returnTo=%2Faccount/)
      await page.getByLabel('E-mail').fill('nobody@example.com')
      await page.getByLabel('Password', { exact: true }).fill('whatever-1')
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()
      await page.getByText('The e-mail or password is not correct.').waitFor()
      await page.getByLabel('E-mail').fill(email)
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()
      await page.waitForURL(/\/account$/)
      assert.equal(await page.getByTestId('customer-email').textContent(), email)
      await context.close()
    })

    test('signing in merges the anonymous cart into the customer cart; signing out resets the cart', async () => {
      const { context, page, errors } = await newPage(viewports.phone)
      const email = uniqueEmail('merge')
      await signUpByApi(shop, email)
      const products = await (
        await fetch(`${shop.url}/api/catalogue/products?pageSize=5&expand=prices&q=published:true`, {
          headers: { 'site-code': 'us', currency: 'USD' },
        })
      ).json()
      const product = products.find((p: { prices?: unknown[] }) => p.prices?.length) ?? products[0]
      await ready(page, `${shop.url}/p/x~${product.id}`)
      await page.getByRole('button', { name: 'Add to cart' }).click()
      await page.getByRole('status').filter({ hasText: /added/i }).waitFor()
      const anonymousCart = (await context.cookies()).find((c) => c.name === 'cart_id')?.value
      assert.ok(anonymousCart)
      await page.screenshot({ path: '/tmp/acct-phone-product.png' })

      await signIn(page, email)
      await page.getByRole('link', { name: 'My account' }).waitFor()
      const cookies = await context.cookies()
      const token = cookies.find((c) => c.name === 'shop_token')?.value
      const customerCart = cookies.find((c) => c.name === 'cart_id')?.value
      assert.ok(customerCart && customerCart !== anonymousCart, 'the customer cart becomes the current one')
      const me = await (
        await fetch(`${shop.url}/api/customer/me`, { headers: { authorization: `Bearer ${token}` } })
      ).json()
      const carts = await (
        await fetch(`${shop.url}/api/cart/carts?customerId=${me.id}&siteCode=us`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()
      const merged = carts.find((c: { id: string }) => c.id === customerCart)
      assert.equal(
        merged?.items?.[0]?.product?.id ?? merged?.items?.[0]?.productId,
        product.id,
        JSON.stringify(merged?.items?.[0]),
      )
      await page.getByRole('link', { name: 'My account' }).click()
      await page.waitForURL(/\/account$/)
      await page.screenshot({ path: '/tmp/acct-phone-account.png', fullPage: true })

      await page.getByRole('button', { name: 'Sign out' }).first().click()
      await page.getByRole('link', { name: 'Sign in', exact: true }).waitFor()
      assert.equal((await context.cookies()).find((c) => c.name === 'cart_id')?.value ?? '', '')
      assert.deepEqual(errors, [])
      await context.close()
    })

    for (const [name, viewport] of widthsOn(engine, import.meta.filename)) {
      test(`${name}: password reset: mail over SMTP, new password, used link reopens the request dialog`, async () => {
        const { context, page } = await newPage(viewport)
        const email = uniqueEmail('reset')
        await signUpByApi(shop, email)
        await ready(page, `${shop.url}/`)
        await page.getByRole('link', { name: 'Sign in', exact: true }).click()
        let dialog = page.getByRole('dialog', { name: 'Sign in or create an account' })
        await dialog.getByRole('button', { name: 'Forgot your password?' }).click()
        dialog = page.getByRole('dialog', { name: 'Reset your password' })
        await dialog.getByLabel('E-mail').fill(uniqueEmail('nobody'))
        await dialog.getByRole('button', { name: 'Send link' }).click()
        await dialog.getByRole('alert').filter({ hasText: 'There is no account with this e-mail.' }).waitFor()
        await dialog.getByLabel('E-mail').fill(email)
        await dialog.getByRole('button', { name: 'Send link' }).click()
        const sent = page.getByRole('dialog', { name: 'Check your e-mail' }).getByText(email)
        await waitForOrTell(page, sent, 'the "Check your e-mail" dialog')

        const link = await smtp.linkFor(email, '/reset-password/update?token=')
        const local = `${shop.url}${link.pathname}${link.search}`
        await ready(page, local)
        await page.getByLabel('New password').fill('brand-new-pass-2')
        await page.getByLabel('Confirm password').fill('brand-new-pass-2')
        await page.getByRole('button', { name: 'Save password' }).click()
        await page.getByRole('dialog', { name: 'Password changed' }).waitFor()

        const login = await fetch(`${shop.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'brand-new-pass-2' }),
        })
        assert.equal(login.status, 200)

        // The link is one-time: using it again reopens the request dialog with REQUEST_PW_EXPIRED.
        await ready(page, local)
        await page.getByLabel('New password').fill('another-pass-3')
        await page.getByLabel('Confirm password').fill('another-pass-3')
        await page.getByRole('button', { name: 'Save password' }).click()
        const again = page.getByRole('dialog', { name: 'Reset your password' })
        await again.getByRole('alert').filter({ hasText: 'The link has expired' }).waitFor()
        await context.close()
      })
    }

    test('in German, the reset mail the storefront asks for is German', async () => {
      const { context, page } = await newPage(viewports.phone)
      await context.addCookies([{ name: 'language', value: 'de', url: shop.url }])
      const email = uniqueEmail('reset-de')
      await signUpByApi(shop, email)
      await ready(page, `${shop.url}/`)
      await page.getByRole('link', { name: 'Anmelden', exact: true }).click()
      await page
        .getByRole('dialog', { name: 'Anmelden oder Konto anlegen' })
        .getByRole('button', { name: 'Passwort vergessen?' })
        .click()
      const dialog = page.getByRole('dialog', { name: 'Passwort zurücksetzen' })
      await dialog.getByLabel('E-Mail').fill(email)
      await dialog.getByRole('button', { name: 'Link senden' }).click()
      await page.getByRole('dialog', { name: 'Prüfen Sie Ihre E-Mails' }).waitFor()
      const mail = await smtp.textFor(email)
      assert.match(mail, /^Subject: Passwort zurücksetzen$/m)
      assert.match(mail, /Neues Passwort festlegen: http/)
      assert.match(mail, /<html lang="de">/)
      await context.close()
    })

    for (const [name, viewport] of widthsOn(engine, import.meta.filename)) {
      test(`${name}: address book: add with country templates, validation, edit, set default, delete with confirmation`, async () => {
        const { context, page, errors } = await newPage(viewport)
        const email = uniqueEmail('addresses')
        await signUpByApi(shop, email)
        await ready(page, `${shop.url}/`)
        await signIn(page, email)
        await page.getByRole('link', { name: 'My account' }).waitFor()
        await ready(page, `${shop.url}/account`)
        await page.getByText('Your address book is empty.').waitFor()

        await page.getByRole('button', { name: 'Add address' }).click()
        let dialog = page.getByRole('dialog', { name: 'Add address' })
        await dialog.getByLabel('Country').selectOption('US')
        assert.equal(await dialog.getByLabel('State', { exact: true }).count(), 1, 'US has a state list')
        await dialog.getByLabel('Full name').fill('Ada Lovelace')
        await dialog.getByLabel('Street and number').fill('1 Analytical Way')
        await dialog.getByLabel('City').fill('Springfield')
        await dialog.getByLabel('State', { exact: true }).selectOption('IL')
        await dialog.getByLabel('ZIP code').fill('62701')
        await dialog.getByRole('button', { name: 'Save' }).click()
        await dialog.waitFor({ state: 'hidden' })
        await page.getByText('1 Analytical Way').waitFor()

        await page.getByRole('button', { name: 'Add address' }).click()
        dialog = page.getByRole('dialog', { name: 'Add address' })
        await dialog.getByLabel('Full name').fill('Charles Babbage')
        await dialog.getByLabel('Country').selectOption('DE')
        assert.equal(await dialog.getByLabel(/State/).count(), 0, 'DE has no state')
        await dialog.getByLabel('Street and number').fill('Hauptstraße 5')
        await dialog.getByLabel('City').fill('Berlin')
        await dialog.getByLabel('Postal code').fill('1')
        await dialog.getByRole('button', { name: 'Save' }).click()
        // Too short: the form refuses to save (the browser's constraint validation), the dialog stays open.
        assert.equal(
          await dialog.getByLabel('Postal code').evaluate((el) => (el as HTMLInputElement).validity.valid),
          false,
        )
        assert.equal(await dialog.isVisible(), true)
        await dialog.getByLabel('Postal code').fill('10115')
        await dialog.getByRole('button', { name: 'Save' }).click()
        await dialog.waitFor({ state: 'hidden' })
        await page.getByText('Hauptstraße 5').waitFor()
        await page.getByText('(default)').waitFor()

        await page.getByRole('button', { name: 'Make the address of Charles Babbage the default' }).click()
        await page.getByRole('button', { name: 'Make the address of Ada Lovelace the default' }).waitFor()

        await page.getByRole('button', { name: 'Edit address of Ada Lovelace' }).click()
        dialog = page.getByRole('dialog', { name: 'Edit address' })
        await dialog.getByLabel('City').fill('Chicago')
        await dialog.getByRole('button', { name: 'Save' }).click()
        await dialog.waitFor({ state: 'hidden' })
        await page.getByText(/Chicago, IL 62701/).waitFor()

        await page.getByRole('button', { name: 'Delete address of Ada Lovelace' }).click()
        dialog = page.getByRole('dialog', { name: 'Delete address' })
        await dialog.getByText('Delete the address of Ada Lovelace?').waitFor()
        await dialog.getByRole('button', { name: 'Delete' }).click()
        await dialog.waitFor({ state: 'hidden' })
        await page.getByText('1 Analytical Way').waitFor({ state: 'detached' })
        const res = await page.request.get(`${shop.url}/api/customer/me/addresses`)
        const book = (await res.json()) as Array<{ contactName: string; isDefault: boolean }>
        assert.deepEqual(
          book.map((a) => [a.contactName, a.isDefault]),
          [['Charles Babbage', true]],
        )
        assert.deepEqual(errors, [])
        await context.close()
      })
    }

    for (const [name, viewport] of widthsOn(engine, import.meta.filename)) {
      test(`${name}: orders: the list shows an order placed through the API; cancel declines it`, async () => {
        const { context, page } = await newPage(viewport)
        const email = uniqueEmail('orders')
        const { accessToken } = await signUpByApi(shop, email)
        const auth = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' }
        const products = await (
          await fetch(`${shop.url}/api/catalogue/products?pageSize=5&expand=prices&q=published:true`, {
            headers: { 'site-code': 'us', currency: 'USD' },
          })
        ).json()
        const product = products.find((p: { prices?: unknown[] }) => p.prices?.length) ?? products[0]
        const { orderId, total } = await (
          await shopper(shop.url, product.id, 1, { authorization: auth.authorization, email })
        ).placeOne()

        await ready(page, `${shop.url}/`)
        await signIn(page, email)
        await page.getByRole('link', { name: 'My account' }).click()
        await page.waitForURL(/\/account$/)
        const row = page.getByRole('row').filter({ hasText: orderId })
        await row.getByText(total.toFixed(2)).waitFor()
        await row.getByRole('link', { name: orderId }).click()
        await page.waitForURL(new RegExp(`/account/orders/${orderId}`))
        assert.equal(await page.getByTestId('order-status').textContent(), 'Created')
        await page.getByRole('button', { name: 'Cancel order' }).click()
        const confirm = page.getByRole('dialog', { name: 'Cancel order' })
        await confirm.getByText('Cancel this order?').waitFor()
        await confirm.getByRole('button', { name: 'Cancel order' }).click()
        await page.getByRole('status').filter({ hasText: 'The order has been cancelled.' }).waitFor()
        await page.getByRole('button', { name: 'Cancel order' }).waitFor({ state: 'detached' })
        assert.equal(await page.getByTestId('order-status').textContent(), 'Cancelled')
        await context.close()
      })
    }

    for (const [name, viewport] of widthsOn(engine, import.meta.filename)) {
      test(`${name}: e-mail change: wrong password, then the confirmation mail to the new address`, async () => {
        const { context, page } = await newPage(viewport)
        const email = uniqueEmail('mailchange')
        const next = uniqueEmail('mailchange-new')
        await signUpByApi(shop, email)
        await ready(page, `${shop.url}/`)
        await signIn(page, email)
        await page.getByRole('link', { name: 'My account' }).click()
        await page.waitForURL(/\/account$/)
        await page.getByRole('button', { name: 'Edit e-mail' }).click()
        const dialog = page.getByRole('dialog', { name: 'Edit e-mail' })
        await dialog.getByLabel('New e-mail').fill(next)
        await dialog.getByLabel('Current password').fill('not-my-password')
        await dialog.getByRole('button', { name: 'Save' }).click()
        await dialog.getByRole('alert').filter({ hasText: 'The password is not correct.' }).waitFor()
        await dialog.getByLabel('Current password').fill(PASSWORD)
        await dialog.getByRole('button', { name: 'Save' }).click()
        await dialog.getByRole('status').filter({ hasText: next }).waitFor()

        const link = await smtp.linkFor(next, '/change-email/confirm?token=')
        await ready(page, `${shop.url}${link.pathname}${link.search}`)
        await page.getByRole('button', { name: 'Confirm e-mail change' }).click()
        await page
          .getByRole('status')
          .filter({ hasText: `Your e-mail is now ${next}.` })
          .waitFor()
        // Every session ends with the change: sign in again with the new address.
        await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click()
        const again = page.getByRole('dialog', { name: 'Sign in or create an account' })
        await again.getByLabel('E-mail').fill(next)
        await again.getByLabel('Password', { exact: true }).fill(PASSWORD)
        await again.getByRole('button', { name: 'Sign in', exact: true }).click()
        await page.waitForURL(/\/account$/)
        assert.equal(await page.getByTestId('customer-email').textContent(), next)
        await context.close()
      })
    }

    for (const [name, viewport] of widthsOn(engine, import.meta.filename)) {
      test(`${name}: change password: wrong current password, then the password-changed dialog`, async () => {
        const { context, page } = await newPage(viewport)
        const email = uniqueEmail('pwchange')
        await signUpByApi(shop, email)
        await ready(page, `${shop.url}/`)
        await signIn(page, email)
        await page.getByRole('link', { name: 'My account' }).click()
        await page.waitForURL(/\/account$/)
        await page.getByRole('button', { name: 'Change password' }).click()
        const dialog = page.getByRole('dialog', { name: 'Change password' })
        await dialog.getByLabel('Current password').fill('wrong-one-123')
        await dialog.getByLabel('New password').fill('next-password-4')
        await dialog.getByLabel('Confirm password').fill('next-password-4')
        await dialog.getByRole('button', { name: 'Save password' }).click()
        await dialog.getByRole('alert').filter({ hasText: 'The current password is not correct.' }).waitFor()
        await dialog.getByLabel('Current password').fill(PASSWORD)
        await dialog.getByRole('button', { name: 'Save password' }).click()
        await dialog.getByRole('status').filter({ hasText: 'Your password has been changed.' }).waitFor()
        await context.close()
      })
    }

    for (const [name, viewport] of widthsOn(engine, import.meta.filename)) {
      test(`${name}: account deletion: request, mail, confirm screen, signed out at home`, async () => {
        const { context, page } = await newPage(viewport)
        const email = uniqueEmail('delete')
        await signUpByApi(shop, email)
        await ready(page, `${shop.url}/`)
        await signIn(page, email)
        await page.getByRole('link', { name: 'My account' }).click()
        await page.waitForURL(/\/account$/)
        await page.getByRole('button', { name: 'Delete account' }).click()
        const dialog = page.getByRole('dialog', { name: 'Delete account' })
        await dialog.getByRole('button', { name: 'Send confirmation e-mail' }).click()
        await dialog.getByRole('status').filter({ hasText: 'We sent you an e-mail' }).waitFor()

        const link = await smtp.linkFor(email, '/delete-account?token=')
        await ready(page, `${shop.url}${link.pathname}${link.search}`)
        await page.getByRole('button', { name: 'Delete my account for good' }).click()
        await page.waitForURL(`${shop.url}/`)
        await page.getByRole('link', { name: 'Sign in', exact: true }).waitFor()
        const login = await fetch(`${shop.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: PASSWORD }),
        })
        assert.equal(login.status, 401)
        await context.close()
      })
    }

    for (const [name, viewport] of widthsOn(engine, import.meta.filename)) {
      test(`${name}: Google sign-in through the loopback OpenID Connect server; no password controls`, async () => {
        const { context, page } = await newPage(viewport)
        googleEmail = uniqueEmail('google')
        await ready(page, `${shop.url}/`)
        await page.getByRole('link', { name: 'Sign in', exact: true }).click()
        const dialog = page.getByRole('dialog', { name: 'Sign in or create an account' })
        await dialog.getByRole('link', { name: 'Sign in with Google' }).click()
        await page.getByRole('link', { name: 'My account' }).waitFor()
        await page.getByRole('link', { name: 'My account' }).click()
        await page.waitForURL(/\/account$/)
        assert.equal(await page.getByTestId('customer-email').textContent(), googleEmail)
        await page.getByText('Signed in with Google').waitFor()
        assert.equal(await page.getByRole('button', { name: 'Change password' }).count(), 0)
        assert.equal(await page.getByRole('button', { name: 'Edit e-mail' }).count(), 0)
        await context.close()
      })
    }

    test('Facebook sign-in through the loopback OAuth dialog and Graph API', async () => {
      const { context, page } = await newPage(viewports.phone)
      facebookEmail = uniqueEmail('facebook')
      await ready(page, `${shop.url}/`)
      await page.getByRole('link', { name: 'Sign in', exact: true }).click()
      const dialog = page.getByRole('dialog', { name: 'Sign in or create an account' })
      await dialog.getByRole('link', { name: 'Sign in with Facebook' }).click()
      await page.getByRole('link', { name: 'My account' }).click()
      await page.waitForURL(/\/account$/)
      assert.equal(await page.getByTestId('customer-email').textContent(), facebookEmail)
      await page.getByText('Signed in with Facebook').waitFor()
      assert.equal(await page.getByRole('button', { name: 'Change password' }).count(), 0)
      await context.close()
    })
  })
}
