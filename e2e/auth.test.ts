import assert from 'node:assert/strict'
import { DatabaseSync } from 'node:sqlite'
import { after, before, describe, test } from 'node:test'
import pg from 'pg'
import type { BrowserContext, Page } from 'playwright-core'
import { browserEngines, openPage, viewports } from './support/browser.ts'
import { type Engine, type RunningShop, startShop } from './support/shop.ts'

/**
 * Issue 5, the storefront's side of the token (spec §4, §8): checkout entry with the guest option or sign-in,
 * an expired or revoked token replaced with one anonymous login and the request retried, a second retry of the
 * same URL within 10 s refused to the errors state 401, and a protected screen opening sign-in on 401.
 */

const PASSWORD = 'correct-horse-1'
const JAR = 'p-glass-jar'
let counter = 0
const uniqueEmail = (tag: string) => `${tag}.${Date.now().toString(36)}.${counter++}@example.com`

/** Access tokens of one session created at or after `since` (ISO text on both engines, ADR 0001). */
async function tokensCreated(shop: RunningShop, engine: Engine, sessionId: string, since: string) {
  const sql = 'SELECT count(*) AS n FROM access_tokens WHERE session_id = $1 AND created_at >= $2'
  if (engine === 'sqlite') {
    const db = new DatabaseSync(shop.databaseUrl, { readOnly: true })
    try {
      const row = db.prepare(sql.replace('$1', '?').replace('$2', '?')).get(sessionId, since) as { n: number }
      return Number(row.n)
    } finally {
      db.close()
    }
  }
  const client = new pg.Client({ connectionString: shop.databaseUrl })
  await client.connect()
  try {
    return Number((await client.query(sql, [sessionId, since])).rows[0].n)
  } finally {
    await client.end()
  }
}

async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies()).find((c) => c.name === name)?.value ?? ''
}

async function ready(page: Page, url: string) {
  await page.goto(url)
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}

async function revoke(shop: RunningShop, token: string) {
  const res = await fetch(`${shop.url}/api/auth/logout`, { headers: { authorization: `Bearer ${token}` } })
  assert.equal(res.status, 204)
  const check = await fetch(`${shop.url}/api/cart/carts/none`, {
    headers: { authorization: `Bearer ${token}` },
  })
  assert.equal(check.status, 401, 'the token is revoked')
}

async function signUpByApi(shop: RunningShop, email: string) {
  const res = await fetch(`${shop.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace' }),
  })
  assert.equal(res.status, 201, await res.clone().text())
}

async function signInInDialog(page: Page, email: string) {
  const dialog = page.getByRole('dialog', { name: 'Sign in or create an account' })
  await dialog.getByLabel('E-mail').fill(email)
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click()
}

for (const { engine, skip } of browserEngines) {
  describe(`token and checkout entry journeys on ${engine}`, { skip }, () => {
    let shop: RunningShop
    before(async () => {
      shop = await startShop(engine)
    })
    after(async () => {
      await shop?.stop()
    })

    const fresh = () => openPage({ viewport: viewports.desktop })

    async function addJar(page: Page) {
      await ready(page, `${shop.url}/p/x~${JAR}`)
      await page.getByRole('textbox', { name: 'Quantity', exact: true }).fill('1')
      await page.getByRole('button', { name: 'Add to cart' }).click()
      await page.getByRole('button', { name: 'Open cart, 1 items' }).waitFor()
    }

    test('checkout: sign in from the dialog returns to checkout; a signed-in customer goes straight there', async () => {
      const { context, page, errors } = await fresh()
      const email = uniqueEmail('checkout')
      await signUpByApi(shop, email)
      await addJar(page)
      await page.getByRole('button', { name: 'Open cart, 1 items' }).click()
      await page.getByRole('dialog', { name: 'Your cart' }).getByRole('link', { name: 'Checkout' }).click()
      await page.waitForURL(/\/sign-in\?returnTo=%2Fcheckout&guest=offer/)
      const dialog = page.getByRole('dialog', { name: 'Sign in or create an account' })
      await dialog.getByRole('link', { name: 'Continue as guest' }).waitFor()
      await signInInDialog(page, email)
      await page.waitForURL((url) => url.pathname === '/checkout')
      await page.getByLabel('First name').waitFor()
      assert.equal(await cookie(context, 'checkout_guest'), '', 'signing in is not the guest choice')
      // Signed in, /checkout opens at once (the anonymous cart was merged into the customer's).
      await ready(page, `${shop.url}/checkout`)
      assert.equal(new URL(page.url()).pathname, '/checkout')
      await page.getByLabel('First name').waitFor()
      assert.deepEqual(errors, [])
      await context.close()
    })

    test('an anonymous shopper opening /checkout directly gets the sign-in dialog with the guest option', async () => {
      const { context, page } = await fresh()
      await addJar(page)
      await ready(page, `${shop.url}/checkout`)
      assert.equal(new URL(page.url()).pathname, '/sign-in')
      assert.equal(new URL(page.url()).searchParams.get('returnTo'), '/checkout')
      await page.getByRole('link', { name: 'Continue as guest' }).click()
      await page.waitForURL(/\/checkout\?guest=1$/)
      await page.getByLabel('First name').waitFor()
      await ready(page, `${shop.url}/checkout`)
      assert.equal(new URL(page.url()).pathname, '/checkout', 'the guest choice is remembered')
      await context.close()
    })

    test('a first visit makes exactly one anonymous login', async () => {
      const { context, page } = await fresh()
      const since = new Date(Date.now() - 1000).toISOString()
      await ready(page, `${shop.url}/`)
      const sessionId = await cookie(context, 'session_id')
      assert.ok(sessionId)
      assert.equal(await tokensCreated(shop, engine, sessionId, since), 1)
      await context.close()
    })

    test('a revoked token is replaced by one anonymous login and the cart call retried; a second 401 within 10 s goes to /errors/401', async () => {
      const { context, page } = await fresh()
      await addJar(page)
      const sessionId = await cookie(context, 'session_id')
      const first = await cookie(context, 'shop_token')
      await revoke(shop, first)

      const since = new Date(Date.now() - 1000).toISOString()
      await ready(page, `${shop.url}/`)
      // The root loader read the cart with the revoked token: 401, one new anonymous token, retry: the cart is there.
      await page.getByRole('button', { name: 'Open cart, 1 items' }).waitFor()
      const second = await cookie(context, 'shop_token')
      assert.ok(second && second !== first, 'the token was replaced')
      assert.equal(await tokensCreated(shop, engine, sessionId, since), 1, 'one anonymous login for the page')
      assert.equal(new URL(page.url()).pathname, '/')

      // Revoked again within 10 s: the same cart URL would be retried again, which is refused (spec §8).
      await revoke(shop, second)
      await ready(page, `${shop.url}/`)
      assert.equal(new URL(page.url()).pathname, '/errors/401')
      const third = await cookie(context, 'shop_token')
      assert.ok(third && third !== second, 'the shopper still has a fresh token on the error page')
      await context.close()
    })

    test('a customer whose token was revoked on a protected screen signs in again and returns there', async () => {
      const { context, page } = await fresh()
      const email = uniqueEmail('expired')
      await signUpByApi(shop, email)
      await ready(page, `${shop.url}/sign-in?returnTo=%2Faccount`)
      await signInInDialog(page, email)
      await page.waitForURL((url) => url.pathname === '/account')
      await page.getByRole('heading', { name: 'Customer details' }).waitFor()

      await revoke(shop, await cookie(context, 'shop_token'))
      await ready(page, `${shop.url}/account`)
      assert.equal(new URL(page.url()).pathname, '/sign-in')
      assert.equal(new URL(page.url()).searchParams.get('returnTo'), '/account')
      await signInInDialog(page, email)
      await page.waitForURL((url) => url.pathname === '/account')
      await page.getByRole('heading', { name: 'Customer details' }).waitFor()
      await context.close()
    })
  })
}
